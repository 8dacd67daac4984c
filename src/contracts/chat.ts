/**
 * Conversations between shoppers and shops (docs/decisions/020-support-and-live-updates.md):
 * the payloads the API validates and the shapes it answers, the original app's where they
 * are sound. Who sent a message is never a field: it is the caller's side of the
 * conversation. The shopper's contact details never reach the shop through the chat.
 * No server imports here.
 */
import { z } from 'zod';
import { recordId } from './numbers.ts';

export const CHAT_MESSAGE_MAX = 2000;

const text = z.string().trim().min(1).max(CHAT_MESSAGE_MAX);
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** POST /store-message: opens (or returns to) the conversation with a shop, about a product or an order. */
export const StoreMessagePayload = z.object({
  shop_id: recordId(),
  product_id: z.preprocess(blankToUndefined, recordId().optional()),
  order_id: z.preprocess(blankToUndefined, recordId().optional()),
  /** A first message sent with it (optional). */
  message: z.preprocess(blankToUndefined, text.optional()),
});
export type StoreMessagePayload = z.output<typeof StoreMessagePayload>;

export const SendMessagePayload = z.object({ shop_id: recordId(), message: text });
export const SellerSendMessagePayload = z.object({ user_id: recordId(), message: text });

export type ChatSender = 'user' | 'shop';

export interface ChatShopDto {
  id: number;
  name: string;
  logo: string | null;
  rating: number;
}

/** The shopper as the shop sees them in a conversation: a name and a photo, nothing to reach them by. */
export interface ChatUserDto {
  id: number;
  name: string;
  profile_photo: string | null;
}

export interface ChatProductDto {
  id: number;
  name: string;
  thumbnail: string;
  price: number;
  discount_price: number;
  rating: number;
  total_reviews: string;
}

export interface ChatOrderDto {
  id: number;
  order_code: string;
  order_status: string;
}

export interface ChatMessageDto {
  id: number;
  type: ChatSender;
  /** Plain text (escape it on output); null for a card alone. */
  message: string | null;
  product: ChatProductDto | null;
  order: ChatOrderDto | null;
  /** Whether the other side has read it. */
  is_seen: boolean;
  created_at: string;
}

export interface ConversationDto {
  id: number;
  shop: ChatShopDto;
  user: ChatUserDto;
  /** What the conversation was last opened about. */
  product: ChatProductDto | null;
  order: ChatOrderDto | null;
  /** The last message's text (cut to 60 characters), or the product's name for a card; null when none. */
  last_message: string | null;
  last_message_time: string | null;
  /** Messages from the shopper the shop has not read. */
  unread_message_user: number;
  /** Messages from the shop the shopper has not read. */
  unread_message_shop: number;
}

export interface ConversationListDto {
  total: number;
  data: ConversationDto[];
}

/** GET /get-message, GET /seller/get-message: the conversation (unread counts after this read) and a page of its messages, newest first. */
export interface ConversationMessagesDto {
  conversation: ConversationDto;
  total: number;
  data: ChatMessageDto[];
}
