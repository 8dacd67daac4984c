import type { APIRoute } from 'astro';
import { loadStatementCsv } from '../../../server/page-data/seller-earnings';
import { pageRequest, respond } from '../../../server/page-data/outcome';

/** The shop's whole statement as a CSV download, for its owner only (docs/decisions/017-sellers.md). */
export const GET: APIRoute = async (context) => {
  const outcome = await loadStatementCsv(pageRequest(context));
  if (outcome.kind !== 'page') return respond(context, outcome);
  return new Response(outcome.data.csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${outcome.data.filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
