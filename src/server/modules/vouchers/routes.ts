import { Hono, type Context } from 'hono';
import { ApplyVoucherPayload, CollectedVoucherQuery, CollectVoucherPayload, RemoveVoucherPayload, VoucherListQuery } from '@/contracts/voucher';
import type { AppEnv } from '../../context';
import { validBody, validQuery } from '../../http/validation';
import { fromMinor } from '@/lib/money';
import { requireUser } from '../auth/middleware';
import { applyVoucher, collectedList, collectVoucher, removeVoucher, shopVouchers } from './service';

/** The voucher calls (docs/product.md §7.2, §7.4: /get-vouchers, /vouchers-collect, /get-collected-vouchers, /apply-voucher). Bearer token required (§6.2). */

const userId = (c: Context<AppEnv>) => c.var.userId!;

export const voucherRoutes = (now: () => Date) =>
  new Hono<AppEnv>()
    .use('/get-vouchers', requireUser())
    .use('/get-collected-vouchers', requireUser())
    .use('/vouchers-collect', requireUser())
    .use('/apply-voucher', requireUser())
    .use('/remove-voucher', requireUser())
    .get('/get-vouchers', validQuery(VoucherListQuery), async (c) => {
      const coupons = await shopVouchers(c.var.db, userId(c), c.req.valid('query').shop_id, now());
      return c.json({ message: '', data: { coupons } });
    })
    .get('/get-collected-vouchers', validQuery(CollectedVoucherQuery), async (c) => {
      const coupons = await collectedList(c.var.db, userId(c), c.req.valid('query').shop_id, now());
      return c.json({ message: '', data: { coupons } });
    })
    .post('/vouchers-collect', validBody(CollectVoucherPayload), async (c) => {
      const collected = await collectVoucher(c.var.db, userId(c), c.req.valid('json').coupon_id, c.var.t, now());
      return c.json({ message: c.var.t(collected ? 'Voucher collected successfully' : 'Voucher already collected'), data: { is_collected: true } });
    })
    .post('/apply-voucher', validBody(ApplyVoucherPayload), async (c) => {
      const { coupon_code: code, shop_id: shopId } = c.req.valid('json');
      const discount = await applyVoucher(c.var.db, userId(c), code, shopId, c.var.t, now());
      return c.json({ message: c.var.t('Voucher applied successfully'), data: { coupon_code: code, shop_id: shopId, discount: fromMinor(discount) } });
    })
    .post('/remove-voucher', validBody(RemoveVoucherPayload), async (c) => {
      await removeVoucher(c.var.db, userId(c), c.req.valid('json').shop_id);
      return c.json({ message: c.var.t('Voucher removed'), data: {} });
    });
