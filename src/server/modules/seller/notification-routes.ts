import { Hono } from 'hono';
import { NotificationIdParams, SellerNotificationListQuery } from '@/contracts/seller-notification';
import type { AppEnv } from '../../context';
import { validParams, validQuery } from '../../http/validation';
import { requireSeller } from './access';
import { deleteNotification, listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications-service';
import type { SellerDependencies } from './routes';

/**
 * The seller API's notification routes (docs/decisions/017-sellers.md). Open to the owner
 * of a shop that is not active too (access.ts `allowInactive`): a rejected or suspended
 * shop's owner reads why here. Deleting also answers to POST …/{id}/delete, for the
 * page's form, which cannot send DELETE without JavaScript.
 */
export function sellerNotificationRoutes({ now }: SellerDependencies) {
  return new Hono<AppEnv>()
    .use('/notifications', requireSeller({ allowInactive: true }))
    .use('/notifications/*', requireSeller({ allowInactive: true }))
    .get('/notifications', validQuery(SellerNotificationListQuery), async (c) => {
      const list = await listNotifications(c.var.db, c.var.shop!.id, c.req.valid('query'), c.var.t, c.var.locale, now());
      return c.json({ message: '', data: list });
    })
    .post('/notifications/read-all', async (c) => {
      const read = await markAllNotificationsRead(c.var.db, c.var.shop!.id, now());
      return c.json({ message: c.var.t('All notifications marked as read'), data: { read, unread: 0 } });
    })
    .post('/notifications/:id/delete', validParams(NotificationIdParams), async (c) => {
      await deleteNotification(c.var.db, c.var.shop!.id, c.req.valid('param').id, c.var.t);
      return c.json({ message: c.var.t('Notification deleted'), data: {} });
    })
    .delete('/notifications/:id', validParams(NotificationIdParams), async (c) => {
      await deleteNotification(c.var.db, c.var.shop!.id, c.req.valid('param').id, c.var.t);
      return c.json({ message: c.var.t('Notification deleted'), data: {} });
    })
    .post('/notifications/:id', validParams(NotificationIdParams), async (c) => {
      const notification = await markNotificationRead(c.var.db, c.var.shop!.id, c.req.valid('param').id, c.var.t, c.var.locale, now());
      return c.json({ message: '', data: { notification } });
    });
}
