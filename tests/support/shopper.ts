import type { Db } from '../../src/server/db';
import { createUser } from '../../src/server/db/seed/factories';
import { issueAccessToken } from '../../src/server/modules/auth/tokens';

/** A new user of their own with a Bearer header, for API tests that need a signed-in shopper. */
export async function newShopper(db: Db): Promise<{ id: number; auth: Record<string, string> }> {
  const user = await createUser(db);
  const { token } = await issueAccessToken(db, user.id);
  return { id: user.id, auth: { Authorization: `Bearer ${token}` } };
}

/** A request with a JSON body (or none) and the given headers. */
export const request = (method: string, auth: Record<string, string>, body?: unknown): RequestInit => ({
  method,
  headers: { ...auth, 'Content-Type': 'application/json' },
  ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
});
