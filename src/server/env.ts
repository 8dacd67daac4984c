import { z } from 'zod';

/**
 * The only reader of process.env. Validated once; bad configuration fails at start-up
 * with a message naming the variable.
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Where the embedded database and uploaded files live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** When set, PostgreSQL is used instead of the embedded PGlite database. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** local prefills demo credentials in the login dialog; production never does. */
  APP_ENV: z.enum(['local', 'production', 'test']).default('local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The reverse proxy in front of this server, when there is one: its address (or
   * comma-separated addresses) whose X-Forwarded-For and X-Forwarded-Proto are believed.
   * Unset, those headers are ignored: the client is the socket's peer, and HTTPS means
   * this server itself terminated TLS.
   */
  TRUST_PROXY: z.string().min(1).optional(),
  /** Public origin used for absolute links (canonical URLs, sitemaps). */
  SITE_URL: z.url().optional(),
  /** A remote backend speaking the same /api contract; pages call it instead of the in-process API. */
  API_URL: z.url().optional(),
  /**
   * Key that signs editors' draft preview links (modules/preview). When unset, a random
   * one is generated once and kept in DATA_DIR/preview-secret; servers sharing one
   * database across machines must set the same value.
   */
  PREVIEW_SECRET: z.string().min(32).optional(),
  /**
   * The SMTP server that sends e-mail (one-time codes): smtp://user:pass@host:587 or
   * smtps://… (nodemailer's URL form). Unset, e-mail goes to the outbox table and the log
   * when APP_ENV is local or test, and sending fails with 503 in production.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** The sender of that e-mail: an address, or "Name <address>". */
  MAIL_FROM: z.string().min(3).max(200).default('Storefront <no-reply@localhost>'),
});

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
