import { z } from 'zod';

/**
 * The only reader of process.env. Validated once; bad configuration fails at start-up
 * with a message naming the variable.
 */
const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** Where the embedded database and uploaded files live. */
    DATA_DIR: z.string().min(1).default('./data'),
    /**
     * A directory of the seed's drawn pictures kept between databases (tests and scripts set
     * it for one run): the seed draws a missing picture there once and links it into
     * DATA_DIR/uploads, so the next fresh database skips the drawing.
     */
    SEED_IMAGES_DIR: z.string().min(1).optional(),
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
     * The key that opens the outbox of e-mail and SMS kept instead of sent (APP_ENV local or
     * test without SMTP_URL): `npm run outbox` and the /dev/outbox?key=… page. When unset, a
     * random one is generated once and kept in DATA_DIR/outbox-key.
     */
    OUTBOX_KEY: z.string().min(32).optional(),
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
    /**
     * The application key: 32 random bytes in base64 (`openssl rand -base64 32`), optionally
     * prefixed `base64:`. Encrypts secrets kept in the database (social login client secrets,
     * modules/social-auth/secrets.ts). Required in production; in local and test, when unset,
     * one is generated once and kept in DATA_DIR/app-key.
     */
    APP_KEY: z
      .string()
      .regex(/^(base64:)?[A-Za-z0-9+/]{43}=?$/, 'must be 32 bytes in base64 (openssl rand -base64 32)')
      .optional(),
    /**
     * An OpenID Connect issuer that stands in for every social login provider (Google,
     * Facebook, Twitter, Microsoft): its discovery document gives the authorization, token
     * and userinfo endpoints. For tests and staging (a mock server, Keycloak, Dex); unset,
     * each provider's own endpoints are used (docs/decisions/011-social-login.md).
     */
    SOCIAL_AUTH_ISSUER_URL: z.url().optional(),
    /**
     * Stripe's secret (or restricted) API key. Set, the shop offers online payment through
     * Stripe Checkout (modules/payments/stripe.ts); unset, cash on delivery only.
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)')
      .optional(),
    /** The signing secret of the webhook endpoint /api/payments/stripe/webhook; required with STRIPE_SECRET_KEY. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    /** Another Stripe API address (a local Stripe-compatible server for tests): http://127.0.0.1:12111. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  })
  .refine((config) => !config.STRIPE_SECRET_KEY || config.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'is required with STRIPE_SECRET_KEY (payments are only marked paid by verified webhook events)',
  });

export type Env = z.infer<typeof EnvSchema>;

/** Bad configuration: the message names each variable and what is wrong with it. */
export class InvalidEnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new InvalidEnvError(`Invalid environment configuration:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
