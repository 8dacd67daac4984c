import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { notFound, validationError } from '../../http/errors';
import { validBody, validQuery } from '../../http/validation';
import { paginationFields } from '@/lib/pagination';
import { recordId } from '@/contracts/numbers';
import { SellerSendMessagePayload, SendMessagePayload, StoreMessagePayload } from '@/contracts/chat';
import { requireUser } from '../auth/middleware';
import { consume } from '../rate-limit/middleware';
import { requireSeller } from '../seller/access';
import { conversationMessages, listConversations, openConversation, sendChatMessage, unreadMessages, type ChatSide, type OpenRefusal } from './service';

/**
 * Conversations between shoppers and shops (docs/decisions/020-support-and-live-updates.md):
 * the shopper's calls (`/store-message`, `/get-shops`, `/get-message`, `/send-message`,
 * `/unread-messages`) and the shop's under `/seller` (`/get-users`, `/get-message`,
 * `/send-message`, `/unread-messages`). The caller's side comes from the session; a
 * conversation the caller is not part of is a 404.
 */

export const NOT_CONNECTED = 'your account is not connected with this shop';

const ListQuery = z.object({ ...paginationFields(), search: z.string().trim().max(120).optional() });
const ShopMessagesQuery = z.object({ ...paginationFields(), shop_id: recordId() });
const UserMessagesQuery = z.object({ ...paginationFields(), user_id: recordId() });

const REFUSALS: Record<OpenRefusal, [field: string, message: string]> = {
  shop: ['shop_id', 'The selected {{attribute}} is invalid.'],
  'own-shop': ['shop_id', 'You cannot message your own shop.'],
  product: ['product_id', 'The selected {{attribute}} is invalid.'],
  order: ['order_id', 'The selected {{attribute}} is invalid.'],
};

const userSide = (c: Context<AppEnv>): ChatSide => ({ kind: 'user', userId: c.var.userId! });
const shopSide = (c: Context<AppEnv>): ChatSide => ({ kind: 'shop', shopId: c.var.shop!.id, ownerId: c.var.userId! });

export const chatRoutes = new Hono<AppEnv>()
  .use('/store-message', requireUser())
  .use('/get-shops', requireUser())
  .use('/get-message', requireUser())
  .use('/send-message', requireUser())
  .use('/unread-messages', requireUser())
  .post('/store-message', validBody(StoreMessagePayload), async (c) => {
    const payload = c.req.valid('json');
    if (payload.message) await consume(c, 'chat:message', `user:${c.var.userId!}`);
    const opened = await openConversation(c.var.db, c.var.userId!, { shopId: payload.shop_id, productId: payload.product_id, orderId: payload.order_id, message: payload.message });
    if ('refused' in opened) {
      const [field, message] = REFUSALS[opened.refused];
      throw validationError({ [field]: [c.var.t(message, { attribute: c.var.t(field.replaceAll('_', ' ')) })] });
    }
    return c.json({ message: c.var.t('success'), data: { conversation_id: opened.conversation.id, shop_id: opened.conversation.shopId } });
  })
  .get('/get-shops', validQuery(ListQuery), async (c) => {
    const { search, page, per_page } = c.req.valid('query');
    return c.json({ message: '', data: await listConversations(c.var.db, userSide(c), search, { page, per_page }, c.var.locale) });
  })
  .get('/get-message', validQuery(ShopMessagesQuery), async (c) => {
    const { shop_id, page, per_page } = c.req.valid('query');
    const found = await conversationMessages(c.var.db, userSide(c), shop_id, { page, per_page }, c.var.locale);
    if (!found) throw notFound(c.var.t(NOT_CONNECTED));
    return c.json({ message: '', data: { conversation: found.conversation, total: found.total, data: found.messages } });
  })
  .post('/send-message', validBody(SendMessagePayload), async (c) => {
    const { shop_id, message } = c.req.valid('json');
    await consume(c, 'chat:message', `user:${c.var.userId!}`);
    const sent = await sendChatMessage(c.var.db, userSide(c), shop_id, message, c.var.locale);
    if (!sent) throw notFound(c.var.t(NOT_CONNECTED));
    return c.json({ message: c.var.t('message sent successfully'), data: { data: sent } });
  })
  .get('/unread-messages', async (c) => c.json({ message: '', data: { unread_messages: await unreadMessages(c.var.db, userSide(c)) } }));

export const sellerChatRoutes = new Hono<AppEnv>()
  .use('/get-users', requireSeller())
  .use('/get-message', requireSeller())
  .use('/send-message', requireSeller())
  .use('/unread-messages', requireSeller())
  .get('/get-users', validQuery(ListQuery), async (c) => {
    const { search, page, per_page } = c.req.valid('query');
    return c.json({ message: '', data: await listConversations(c.var.db, shopSide(c), search, { page, per_page }, c.var.locale) });
  })
  .get('/get-message', validQuery(UserMessagesQuery), async (c) => {
    const { user_id, page, per_page } = c.req.valid('query');
    const found = await conversationMessages(c.var.db, shopSide(c), user_id, { page, per_page }, c.var.locale);
    if (!found) throw notFound(c.var.t(NOT_CONNECTED));
    return c.json({ message: '', data: { conversation: found.conversation, total: found.total, data: found.messages } });
  })
  .post('/send-message', validBody(SellerSendMessagePayload), async (c) => {
    const { user_id, message } = c.req.valid('json');
    await consume(c, 'chat:message', `user:${c.var.userId!}`);
    const sent = await sendChatMessage(c.var.db, shopSide(c), user_id, message, c.var.locale);
    if (!sent) throw notFound(c.var.t(NOT_CONNECTED));
    return c.json({ message: c.var.t('message sent successfully'), data: { data: sent } });
  })
  .get('/unread-messages', async (c) => c.json({ message: '', data: { unread_messages: await unreadMessages(c.var.db, shopSide(c)) } }));
