/**
 * A shop's review (contracts/seller.ts ShopStatus; docs/decisions/017-sellers.md): the
 * operator approves a pending shop or rejects it with a reason, suspends an active shop
 * and resumes it. A rejected shop goes back to pending when its owner sends it again
 * (shop-registration.ts). Every decision is taken under the shop's row lock, so a
 * decision repeated or taken twice at once is answered ("already active") and applied
 * once. `is_active`, which every storefront read goes by (catalog/visibility.ts), is
 * kept by the database from the status: a suspended shop's products leave the
 * storefront, search, sitemap and checkout with the same commit.
 *
 * Each decision is told to the shop (a dashboard notification, once per decision) and
 * mailed to its owner in the shop's language.
 * Loaded by plain Node for the operator command cli/shops.ts (ADR 004): `.ts` imports only.
 */
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import { invalidateShops } from '../../cache.ts';
import { shops, users } from '../../db/schema/index.ts';
import type { ShopStatus, SellerNotificationType } from '../../../contracts/seller.ts';
import type { Delivery, Message } from '../messaging/delivery';
import { notifyShop } from './notifications.ts';
import { translatorFor } from '../messaging/translator.ts';
import { isolateValues } from '../../../lib/bidi.ts';

export const REVIEW_DECISIONS = ['approve', 'reject', 'suspend', 'resume'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** Which status each decision moves a shop from and to. */
const MOVES: Record<ReviewDecision, { from: ShopStatus; to: ShopStatus; notice: SellerNotificationType }> = {
  approve: { from: 'pending', to: 'active', notice: 'shop_approved' },
  reject: { from: 'pending', to: 'rejected', notice: 'shop_rejected' },
  suspend: { from: 'active', to: 'suspended', notice: 'shop_suspended' },
  resume: { from: 'suspended', to: 'active', notice: 'shop_resumed' },
};

/** English source texts (ADR 003) of each decision: the notification and the mail. */
const TEXTS: Record<ReviewDecision, { title: string; message: string }> = {
  approve: { title: 'Your shop {{name}} has been approved', message: 'Your shop is open: shoppers can now see and buy its products.' },
  reject: { title: 'Your shop {{name}} was not approved', message: 'Edit your shop and send it again for review.' },
  suspend: { title: 'Your shop {{name}} has been suspended', message: 'Its products are hidden from shoppers until the shop is resumed.' },
  resume: { title: 'Your shop {{name}} is open again', message: 'Its products are back in the storefront.' },
};

/** A decision that cannot be taken (no such shop, a move the review does not allow, a missing reason): one message for the operator. */
export class ShopReviewError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShopReviewError';
  }
}

export interface ReviewOutcome {
  shopId: number;
  name: string;
  from: ShopStatus;
  to: ShopStatus;
  /** False when the shop was already there (a repeated or concurrent decision): nothing was written. */
  changed: boolean;
  /** Whether the owner's e-mail went out (or to the outbox); false with `mailError` when it could not. */
  mailed: boolean;
  mailError?: string;
}

export interface ReviewOptions {
  /** Required to reject; optional to suspend; ignored otherwise. */
  reason?: string | undefined;
  now?: Date;
  /** How the owner's e-mail goes; without one, none is sent. */
  delivery?: Delivery | undefined;
  log?: Logger | undefined;
}

/** The longest reason kept (it is shown to the owner and mailed). */
export const REASON_MAX_LENGTH = 1000;

/** Takes `decision` on shop `shopId` (module comment). Throws ShopReviewError when it cannot be taken. */
export async function reviewShop(db: Db, shopId: number, decision: ReviewDecision, options: ReviewOptions = {}): Promise<ReviewOutcome> {
  const move = MOVES[decision];
  const reason = options.reason?.trim() || null;
  if (decision === 'reject' && !reason) throw new ShopReviewError('A rejection needs a reason (--reason "..."): the owner is told why.');
  if (reason && reason.length > REASON_MAX_LENGTH) throw new ShopReviewError(`The reason may be at most ${REASON_MAX_LENGTH} characters.`);
  const now = options.now ?? new Date();
  const result = await db.transaction(async (tx) => {
    const [shop] = await tx
      .select({ id: shops.id, name: shops.name, status: shops.status, locale: shops.locale, email: users.email, owner: users.name })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.userId))
      .where(eq(shops.id, shopId))
      .for('update', { of: shops });
    if (!shop) throw new ShopReviewError(`No shop has the id ${shopId}.`);
    if (shop.status === move.to) return { shop, changed: false };
    if (shop.status !== move.from) {
      throw new ShopReviewError(`Shop ${shopId} is ${shop.status}: only a ${move.from} shop can be ${decision.endsWith('e') ? `${decision}d` : `${decision}ed`}.`);
    }
    const keepsReason = decision === 'reject' || decision === 'suspend';
    await tx
      .update(shops)
      .set({ status: move.to, statusReason: keepsReason ? reason : null, statusChangedAt: now, updatedAt: now })
      .where(eq(shops.id, shopId));
    const text = TEXTS[decision];
    await notifyShop(
      tx,
      {
        shopId,
        type: move.notice,
        eventKey: `shop:${shopId}:${move.to}:${now.getTime()}`,
        title: text.title,
        message: keepsReason && reason ? 'Reason: {{reason}}' : text.message,
        params: { name: shop.name, ...(keepsReason && reason ? { reason } : {}) },
        url: '/shop',
      },
      now,
    );
    return { shop, changed: true };
  });
  const { shop, changed } = result;
  const outcome: ReviewOutcome = { shopId, name: shop.name, from: changed ? move.from : shop.status, to: move.to, changed, mailed: false };
  if (!changed) return outcome;
  // Listings, counts and the guests' home page are cached per process (cache.ts): this one's
  // are dropped now; another process's expire within their short lifetime (ADR 009).
  invalidateShops(db);
  if (shop.email && options.delivery?.available('email')) {
    try {
      await options.delivery.send(await decisionMail(db, decision, { ...shop, email: shop.email }, reason), { db, log: options.log ?? silentLog });
      outcome.mailed = true;
    } catch (error) {
      // The decision stands; the operator is told the mail did not go.
      outcome.mailError = error instanceof Error ? error.message : String(error);
    }
  }
  return outcome;
}

/** The owner's e-mail about a decision, in the shop's language. */
async function decisionMail(db: Db, decision: ReviewDecision, shop: { name: string; owner: string; email: string; locale: string }, reason: string | null): Promise<Message> {
  const t = await translatorFor(db, shop.locale);
  const text = TEXTS[decision];
  // Names and the reason isolated in the owner's sentences (lib/bidi.ts).
  const lines = [t('Hello {{name}},', isolateValues({ name: shop.owner })), '', t(text.title, isolateValues({ name: shop.name })), ''];
  if (reason) lines.push(t('Reason: {{reason}}', isolateValues({ reason })), '');
  lines.push(t(text.message));
  return { channel: 'email', to: shop.email, subject: t(text.title, isolateValues({ name: shop.name })), text: lines.join('\n') };
}

/** The shops waiting for a decision, or of any status: what the operator lists. */
export async function listShopsForReview(db: Db, status?: ShopStatus) {
  const query = db
    .select({
      id: shops.id,
      name: shops.name,
      status: shops.status,
      statusReason: shops.statusReason,
      createdAt: shops.createdAt,
      statusChangedAt: shops.statusChangedAt,
      ownerEmail: users.email,
      ownerPhone: users.phone,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .orderBy(shops.createdAt, shops.id);
  return status ? query.where(eq(shops.status, status)) : query;
}

const noop = () => undefined;
/** No log given (tests, commands that report themselves): the outbox's info line goes nowhere. */
const silentLog = { info: noop, warn: noop, error: noop, debug: noop } as unknown as Logger;
