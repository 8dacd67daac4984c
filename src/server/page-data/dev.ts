import { apiGet } from '../pages/page-api';
import { apiCall } from './api';
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
 * The developer's outbox (issue #8): only while APP_ENV is local or test, where the API
 * route exists; Page Not Found anywhere else.
 */
export async function loadOutboxPage(req: PageRequest): Promise<PageOutcome<{ messages: OutboxMessage[] }>> {
  const environment = req.shop.master.app_environment;
  if (environment !== 'local' && environment !== 'test') return notFound();
  return page(await apiGet<{ messages: OutboxMessage[] }>('/dev/outbox', apiCall(req)));
}
