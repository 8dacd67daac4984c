/** A PostgreSQL error's fields, from a driver error or the Drizzle error wrapping it (`cause`). */
function postgresError(error: unknown): { code: string; constraint?: unknown; column?: unknown } | null {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate as { code: string };
    current = candidate.cause;
  }
  return null;
}

/**
 * The unique index a write broke (PostgreSQL's unique_violation, 23505), or null for any
 * other error. PGlite and node-postgres both carry `code` and `constraint`.
 */
export function violatedUniqueIndex(error: unknown): string | null {
  const found = postgresError(error);
  if (found?.code !== '23505') return null;
  return typeof found.constraint === 'string' ? found.constraint : '';
}

/**
 * Whether an error means the database could not be reached or dropped the connection
 * (a restart, failover, a connection killed by a proxy), rather than refusing a statement:
 * the request may succeed if tried again shortly. SQLSTATE class 08 (connection exception),
 * 57P01–57P03 (shutdown, crash, not yet accepting connections), 53300 (too many connections),
 * and the driver's own errors for a socket that closed or never opened.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const found = postgresError(error);
  if (found) return found.code.startsWith('08') || /^57P0[123]$/.test(found.code) || found.code === '53300';
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN)$/.test(candidate.code)) return true;
    if (typeof candidate.message === 'string' && DRIVER_CONNECTION_MESSAGES.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

/** node-postgres's messages for a connection that ended, timed out or cannot be used. */
const DRIVER_CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end)/;
