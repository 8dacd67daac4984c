import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { orders } from '../../db/schema';
import type { Translate } from '@/lib/i18n';
import { isolate } from '@/lib/bidi';
import { postalLines } from '@/lib/postal-address';

/**
 * The "Shipping Address" block of an order's e-mails: the address the order kept when it
 * was placed (orders.address), read the way every page reads it (lib/postal-address.ts),
 * so the shopper can check where it goes and the shop knows where to send it. The orders
 * of one checkout share their address: any of them answers. Empty when the order is gone.
 */
export async function shippingAddressBlock(db: Db, orderId: number, t: Translate): Promise<string[]> {
  const [row] = await db.select({ address: orders.address }).from(orders).where(eq(orders.id, orderId));
  const copy = row?.address;
  if (!copy || typeof copy !== 'object') return [];
  const fields = copy as Record<string, unknown>;
  const text = (key: string) => (typeof fields[key] === 'string' ? fields[key].trim() : '');
  // Each line isolated (lib/bidi.ts): a street number keeps its place in an Arabic or Persian e-mail.
  const [name, phone] = [text('name'), text('phone')];
  return ['', `${t('Shipping Address')}:`, ...(name ? [isolate(name)] : []), ...(phone ? [isolate(phone, 'code')] : []), ...postalLines(fields).map((line) => isolate(line))];
}
