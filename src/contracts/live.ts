/**
 * Live updates (docs/decisions/020-support-and-live-updates.md): the events `GET /live`
 * streams as server-sent events. An event carries ids only; the page or app reads what
 * changed through the usual calls, which check who is asking.
 */
export const LIVE_EVENT_KINDS = {
  /** A message was added to a support ticket (`subject`: the ticket number). */
  ticketMessage: 'ticket.message',
  /** A support ticket's status changed (`subject`: the ticket number). */
  ticketStatus: 'ticket.status',
  /** An order's status changed (`subject`: the order id). */
  orderStatus: 'order.status',
  /** A conversation has a new message, or its messages were read (`subject`: the conversation id). */
  chatMessage: 'chat.message',
} as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[keyof typeof LIVE_EVENT_KINDS];

/** The `data` of each event; its SSE `id` is `id` and its SSE `event` is `kind`. */
export interface LiveEventDto {
  id: number;
  kind: LiveEventKind;
  subject: string;
  /** The shop the event is for, when it is a shop's (the seller's dashboard); null for the shopper's own. */
  shop_id: number | null;
}

/** The first event of every stream: it is open, and events after `last_id` follow. */
export const LIVE_READY_EVENT = 'ready';
