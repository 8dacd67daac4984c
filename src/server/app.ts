import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import pino, { type Logger } from 'pino';
import type { AppEnv } from './context';
import type { Db } from './db';
import type { Env } from './env';
import { ApiError, handleError, handleNotFound } from './http/errors';
import { allowedMethods } from './http/methods';
import { localeFromHeader, requestContext, xsrfProtection } from './http/middleware';
import { addressRoutes } from './modules/addresses/routes';
import { authenticate } from './modules/auth/middleware';
import { authRoutes } from './modules/auth/routes';
import { loginRoutes } from './modules/auth/login';
import { otpRoutes } from './modules/auth/otp-routes';
import { outboxRoutes } from './modules/messaging/outbox-routes';
import { registrationRoutes } from './modules/auth/registration';
import { blogRoutes } from './modules/blog/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { contactRoutes } from './modules/contact/routes';
import { countryRoutes } from './modules/countries/routes';
import { flashSaleRoutes } from './modules/flash-sales/routes';
import { homeRoutes } from './modules/home/routes';
import { languageRoutes } from './modules/languages/routes';
import { masterRoutes } from './modules/master/routes';
import { createDelivery, type SmsProvider } from './modules/messaging/delivery';
import { legalPageRoutes } from './modules/pages/routes';
import { profileRoutes } from './modules/profile/routes';
import { shopRoutes } from './modules/shops/routes';
import { sitemapRoutes } from './modules/sitemap/routes';

/** Request bodies above this are refused before they are read; uploads get their own limit. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface AppDependencies {
  db: Db;
  config: Env;
  log?: Logger;
  /** The SMS gateway; none exists yet, so SMS goes to the outbox (local, test) or fails (production). */
  sms?: SmsProvider;
  /** The clock of time-limited codes; tests inject one to let them expire. */
  now?: () => Date;
}

/** The `/api` application: one error handler, one not-found handler, every module mounted. */
export function createApp({ db, config, log = pino({ level: config.LOG_LEVEL }), sms, now = () => new Date() }: AppDependencies) {
  const app = new Hono<AppEnv>().basePath('/api');

  app.use(requestContext({ db, config, log }));
  app.use(localeFromHeader());
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, 'The request body is too large.');
      },
    }),
  );
  app.use(xsrfProtection());
  app.use(authenticate());

  app.route('/', masterRoutes);
  app.route('/', authRoutes);
  app.route('/', loginRoutes);
  app.route('/', registrationRoutes);
  app.route('/', profileRoutes);
  app.route('/', otpRoutes({ delivery: createDelivery(config, sms), now }));
  app.route('/', languageRoutes);
  app.route('/', countryRoutes);
  app.route('/', homeRoutes);
  app.route('/', catalogRoutes);
  app.route('/', shopRoutes);
  app.route('/', flashSaleRoutes);
  app.route('/', blogRoutes);
  app.route('/', legalPageRoutes);
  app.route('/', contactRoutes);
  app.route('/', addressRoutes);
  app.route('/', sitemapRoutes);
  // The developer's outbox of kept messages: never in production (docs/product.md §4.4, issue #8).
  if (config.APP_ENV === 'local' || config.APP_ENV === 'test') app.route('/', outboxRoutes);

  app.onError(handleError);
  app.notFound((c) => {
    const allowed = allowedMethods(app, c.req.path);
    if (allowed.length === 0) return handleNotFound(c);
    return handleError(new ApiError(405, 'The method is not allowed for this route.', undefined, { Allow: allowed.join(', ') }), c);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
