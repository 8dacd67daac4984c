import { apiGet } from '../pages/page-api';
import { apiCall, refusedWith } from './api';
import { notFound, page, type PageOutcome, type PageRequest } from './outcome';

/** A message kept in the local outbox instead of being sent (GET /api/dev/outbox). */
export interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  text: string;
  created_at: string;
}

/**
 * The operator's outbox page, `/dev/outbox?key=…` (the link `npm run outbox` prints): only
 * while APP_ENV is local or test, where the API route exists, and only with the outbox key,
 * which the API checks; Page Not Found for anyone else.
 */
export async function loadOutboxPage(req: PageRequest): Promise<PageOutcome<{ messages: OutboxMessage[] }>> {
  const environment = req.shop.master.app_environment;
  const key = req.url.searchParams.get('key');
  if ((environment !== 'local' && environment !== 'test') || !key) return notFound();
  try {
    return page(await apiGet<{ messages: OutboxMessage[] }>('/dev/outbox', { ...apiCall(req), headers: { 'X-Outbox-Key': key } }));
  } catch (error) {
    refusedWith(error, 404);
    return notFound();
  }
}
