/**
 * What a shop is told on its dashboard (`shop_notifications`): one row per event, named by
 * its `eventKey` ("order:12:new"), so an event reported twice is one notification. Title
 * and message are English source texts with `{{placeholders}}`, translated when shown
 * (ADR 003), so each seller reads them in the language of the page.
 * Loaded by plain Node for the operator commands (ADR 004): `.ts` imports only.
 */
import type { Db } from '../../db';
import { shopNotifications } from '../../db/schema/index.ts';
import type { SellerNotificationType } from '../../../contracts/seller.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ShopNotice {
  shopId: number;
  type: SellerNotificationType;
  eventKey: string;
  title: string;
  message: string;
  params?: Record<string, string>;
  url?: string | null;
}

/** Records a notification once per event; true when it is new. */
export async function notifyShop(db: Db | Tx, notice: ShopNotice, now: Date = new Date()): Promise<boolean> {
  const written = await db
    .insert(shopNotifications)
    .values({ ...notice, params: notice.params ?? {}, url: notice.url ?? null, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: shopNotifications.id });
  return written.length > 0;
}
