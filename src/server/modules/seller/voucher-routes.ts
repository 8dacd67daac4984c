import { Hono } from 'hono';
import { CreateVoucherPayload, SellerVoucherListQuery, UpdateVoucherPayload, VoucherIdParams } from '@/contracts/seller-voucher';
import type { AppEnv } from '../../context';
import { validBody, validParams, validQuery } from '../../http/validation';
import { ownRecord, requireSeller } from './access';
import type { SellerDependencies } from './routes';
import { createShopVoucher, endShopVoucher, listShopVouchers, ownVoucher, shopVoucher, toSellerVoucher, updateShopVoucher } from './vouchers-service';

/**
 * The seller API's voucher routes (docs/decisions/017-sellers.md; docs/product.md §4.7):
 * the owner of an active shop lists, creates, changes and ends the shop's vouchers. Another
 * shop's voucher is a 404 (access.ts); the rules are vouchers-service.ts.
 */
export function sellerVoucherRoutes({ now }: SellerDependencies) {
  return new Hono<AppEnv>()
    .use('/vouchers', requireSeller())
    .use('/vouchers/*', requireSeller())
    .get('/vouchers', validQuery(SellerVoucherListQuery), async (c) => {
      return c.json({ message: '', data: await listShopVouchers(c.var.db, c.var.shop!.id, c.req.valid('query'), now()) });
    })
    .get('/vouchers/:id', validParams(VoucherIdParams), async (c) => {
      const row = await shopVoucher(c.var.db, c.var.shop!.id, c.req.valid('param').id, c.var.t);
      return c.json({ message: '', data: { voucher: toSellerVoucher(row, now()) } });
    })
    .post('/vouchers', validBody(CreateVoucherPayload), async (c) => {
      const voucher = await createShopVoucher(c.var.db, c.var.shop!.id, c.req.valid('json'), c.var.t, now());
      return c.json({ message: c.var.t('Voucher created successfully'), data: { voucher } }, 201);
    })
    .post('/vouchers/:id/end', validParams(VoucherIdParams), async (c) => {
      const voucher = await endShopVoucher(c.var.db, c.var.shop!.id, c.req.valid('param').id, c.var.t, now());
      return c.json({ message: c.var.t('Voucher ended'), data: { voucher } });
    })
    .post('/vouchers/:id', validParams(VoucherIdParams), ownRecord(ownVoucher, 'Voucher not found.'), validBody(UpdateVoucherPayload), async (c) => {
      const voucher = await updateShopVoucher(c.var.db, c.var.shop!.id, c.req.valid('param').id, c.req.valid('json'), c.var.t, now());
      return c.json({ message: c.var.t('Voucher updated successfully'), data: { voucher } });
    });
}
