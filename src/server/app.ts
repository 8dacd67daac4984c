import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import pino, { type Logger } from 'pino';
import type { AppEnv } from './context';
import { SELLER_UPLOAD_MAX_BYTES } from '@/contracts/seller';
import type { Db } from './db';
import type { Env } from './env';
import { ApiError, handleError, handleNotFound } from './http/errors';
import { allowedMethods } from './http/methods';
import { localeFromHeader, requestContext, xsrfProtection } from './http/middleware';
import { activityRoutes } from './modules/activity/routes';
import { addressRoutes } from './modules/addresses/routes';
import { authenticate } from './modules/auth/middleware';
import { authRoutes } from './modules/auth/routes';
import { loginRoutes } from './modules/auth/login';
import { otpRoutes } from './modules/auth/otp-routes';
import { outboxRoutes } from './modules/messaging/outbox-routes';
import { registrationRoutes } from './modules/auth/registration';
import { badgeRoutes } from './modules/badges/routes';
import { blogRoutes } from './modules/blog/routes';
import { cartRoutes } from './modules/cart/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { contactRoutes } from './modules/contact/routes';
import { countryRoutes } from './modules/countries/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { favoriteRoutes } from './modules/favorites/routes';
import { flashSaleRoutes } from './modules/flash-sales/routes';
import { homeRoutes } from './modules/home/routes';
import { languageRoutes } from './modules/languages/routes';
import { masterRoutes } from './modules/master/routes';
import { createDelivery, type SmsProvider } from './modules/messaging/delivery';
import { legalPageRoutes } from './modules/pages/routes';
import { orderRoutes } from './modules/orders/routes';
import type { PaymentProviders } from './modules/payments/provider';
import { StripeProvider } from './modules/payments/stripe';
import { stripeWebhookRoutes } from './modules/payments/stripe-routes';
import { isMultipart, PHOTO_UPLOAD_PATH, profileRoutes } from './modules/profile/routes';
import { sellerRoutes } from './modules/seller/routes';
import { shopRoutes } from './modules/shops/routes';
import { sitemapRoutes } from './modules/sitemap/routes';
import { socialAuthRoutes } from './modules/social-auth/routes';
import { voucherRoutes } from './modules/vouchers/routes';
import { walletRoutes } from './modules/wallet/routes';
import { LiveHub } from './modules/live/hub';
import { liveRoutes } from './modules/live/routes';
import { sellerSupportRoutes, supportRoutes } from './modules/support/routes';
import { chatRoutes, sellerChatRoutes } from './modules/chat/routes';
import { TICKET_UPLOAD_MAX_BYTES } from '@/contracts/support';

/** The calls whose multipart bodies carry a ticket's files (modules/support). */
const TICKET_UPLOAD_PATHS = new Set(['/api/support-ticket', '/api/support-ticket-message', '/api/seller/support-ticket-message']);

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
  /** Online payment providers by gateway name (modules/payments); none means cash on delivery only. */
  paymentProviders?: PaymentProviders;
  /**
   * The process's live streams (modules/live/hub.ts), started with its listener; without
   * one, a hub that hears nothing: streams send what was written before they opened.
   */
  live?: LiveHub;
}

/** The `/api` application: one error handler, one not-found handler, every module mounted. */
export function createApp({
  db,
  config,
  log = pino({ level: config.LOG_LEVEL }),
  sms,
  now = () => new Date(),
  paymentProviders = new Map(),
  live = new LiveHub(db, log),
}: AppDependencies) {
  const app = new Hono<AppEnv>().basePath('/api');

  app.use(requestContext({ db, config, log }));
  app.use(localeFromHeader());
  const generalLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, 'The request body is too large.');
    },
  });
  // The photo upload's multipart body is limited by its route (modules/profile/routes.ts);
  // a seller's multipart call (pictures) by SELLER_UPLOAD_MAX_BYTES, each file by its route.
  const sellerUploadLimit = bodyLimit({
    maxSize: SELLER_UPLOAD_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, 'The upload is too large: each picture may be at most 2 MB.');
    },
  });
  const ticketUploadLimit = bodyLimit({
    maxSize: TICKET_UPLOAD_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, 'The upload is too large: at most 5 files of 2 MB each.');
    },
  });
  app.use((c, next) => {
    if (!isMultipart(c.req.header('content-type'))) return generalLimit(c, next);
    if (c.req.path === PHOTO_UPLOAD_PATH) return next();
    if (TICKET_UPLOAD_PATHS.has(c.req.path)) return ticketUploadLimit(c, next);
    return c.req.path.startsWith('/api/seller/') ? sellerUploadLimit(c, next) : generalLimit(c, next);
  });
  app.use(xsrfProtection());
  app.use(authenticate());

  app.route('/', masterRoutes(paymentProviders));
  app.route('/', authRoutes);
  app.route('/', loginRoutes);
  app.route('/', registrationRoutes);
  const delivery = createDelivery(config, sms);
  app.route('/', profileRoutes({ delivery, now }));
  app.route('/', otpRoutes({ delivery, now }));
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
  app.route('/', cartRoutes);
  app.route('/', voucherRoutes(now));
  app.route('/', favoriteRoutes);
  app.route('/', badgeRoutes);
  app.route('/', orderRoutes(paymentProviders, delivery, now));
  const stripe = paymentProviders.get('stripe');
  if (stripe instanceof StripeProvider) app.route('/', stripeWebhookRoutes(stripe));
  app.route('/', activityRoutes);
  app.route('/', walletRoutes);
  app.route('/', supportRoutes({ delivery }));
  app.route('/', liveRoutes(live));
  app.route('/', chatRoutes);
  app.route('/', dashboardRoutes);
  app.route('/', sitemapRoutes);
  app.route('/', socialAuthRoutes);
  app.route('/seller', sellerRoutes({ delivery, now, paymentProviders }));
  app.route('/seller', sellerSupportRoutes({ delivery }));
  app.route('/seller', sellerChatRoutes);
  // The developer's outbox of kept messages: never in production (docs/product.md §4.4).
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
