import { eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import { shops, users } from '../../db/schema';
import { isolate, isolateValues } from '@/lib/bidi';
import type { Translate } from '@/lib/i18n';
import { formatDefaultAmount } from '@/lib/money';
import { listedCurrencies } from '../master/default-currency';
import type { Delivery } from '../messaging/delivery';
import { shippingAddressBlock } from './mail-address';
import type { Placement } from './place';

/**
 * The order confirmation e-mail, in the language the shopper ordered in,
 * through the accounts' mail setup (SMTP, or the outbox outside production). Sent after
 * the orders are committed; a mail that cannot go is logged, and the orders stand.
 */
export async function sendOrderConfirmation(db: Db, log: Logger, delivery: Delivery, userId: number, placement: Placement, t: Translate): Promise<void> {
  const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user?.email || !delivery.available('email')) return;
  const shopNames = new Map(
    (
      await db
        .select({ id: shops.id, name: shops.name })
        .from(shops)
        .where(
          inArray(
            shops.id,
            placement.orders.map((order) => order.shopId),
          ),
        )
    ).map((shop) => [shop.id, shop.name]),
  );
  const currencies = await listedCurrencies(db);
  // Codes, names and amounts isolated in the shopper's sentences (lib/bidi.ts): "#TN000001" keeps its "#" in Arabic.
  const lines = placement.orders.map(
    (order) => `${isolate(order.orderCode, 'code')} · ${isolate(shopNames.get(order.shopId) ?? '')} · ${isolate(formatDefaultAmount(order.payableAmount, currencies), 'code')}`,
  );
  const text = [
    t('Hello {{name}},', isolateValues({ name: user.name })),
    '',
    t('Thank you for your order. We have received it and the shops will prepare it.'),
    '',
    ...lines,
    '',
    `${t('Payable Amount')}: ${isolate(formatDefaultAmount(placement.amount, currencies), 'code')}`,
    `${t('Payment Method')}: ${placement.method === 'cash' ? t('Cash on Delivery') : t('Online Payment')}`,
    ...(placement.orders[0] ? await shippingAddressBlock(db, placement.orders[0].id, t) : []),
  ].join('\n');
  try {
    await delivery.send(
      { channel: 'email', to: user.email, subject: t('Your order {{codes}}', { codes: placement.orders.map((order) => isolate(order.orderCode, 'code')).join(', ') }), text },
      { db, log },
    );
  } catch {
    // delivery.send has logged why; the orders are placed all the same.
  }
}
