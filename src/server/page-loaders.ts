import type { LegalPageDto } from './modules/pages/service';
import { apiGet, nullIfNotFound } from './page-api';

/** A published legal or policy page, or null when there is none (the route then shows Page Not Found). */
export async function loadLegalPage(request: Request, locale: string, slug: string): Promise<LegalPageDto | null> {
  const found = await apiGet<{ page: LegalPageDto }>(`/legal-pages/${encodeURIComponent(slug)}`, { request, locale }).catch(nullIfNotFound);
  return found?.page ?? null;
}
