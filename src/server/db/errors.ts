/**
 * The unique index a write broke (PostgreSQL's unique_violation, 23505), or null for any
 * other error. Drizzle wraps driver errors (`cause`); PGlite and node-postgres both carry
 * `code` and `constraint`.
 */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}
