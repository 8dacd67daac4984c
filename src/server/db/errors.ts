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

/** Whether a write put null in a NOT NULL column (not_null_violation, 23502). */
export function violatedNotNull(error: unknown): boolean {
  return postgresError(error)?.code === '23502';
}
