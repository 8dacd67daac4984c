import type { TicketStatus, TicketTab } from '../contracts/support.ts';

/**
 * Support ticket statuses, in one place (docs/decisions/020-support-and-live-updates.md):
 * a ticket opens pending; staff confirm it (they are on it) and complete it, or it is
 * cancelled while it runs. A completed or cancelled ticket is closed: it takes no new
 * message and its status does not change again.
 */
export const TICKET_STATUS_LABELS = {
  pending: 'Pending',
  confirm: 'Confirm',
  completed: 'Completed',
  cancel: 'Cancelled',
} as const satisfies Record<TicketStatus, string>;

const NEXT: Record<TicketStatus, readonly TicketStatus[]> = {
  pending: ['confirm', 'completed', 'cancel'],
  confirm: ['completed', 'cancel'],
  completed: [],
  cancel: [],
};

/** Whether a ticket may go from `from` to `to` (the same status is no change, not a move). */
export const canMoveTicket = (from: TicketStatus, to: TicketStatus): boolean => NEXT[from].includes(to);

/** A ticket still running: the shopper and the staff may write to it. */
export const isTicketOpen = (status: TicketStatus): boolean => NEXT[status].length > 0;

/** The statuses a tab lists; null for every status. */
export function tabStatuses(tab: TicketTab): readonly TicketStatus[] | null {
  if (tab === 'running') return ['pending', 'confirm'];
  if (tab === 'completed' || tab === 'cancel') return [tab];
  return null;
}

/** The tab of a `status` parameter: unknown or absent is every ticket, as the original. */
export function ticketTab(value: string | null | undefined): TicketTab {
  return value === 'running' || value === 'completed' || value === 'cancel' ? value : 'all';
}

/** Tailwind classes of a status badge: waiting amber, in hand blue, done green, cancelled red. */
export function ticketStatusTone(status: TicketStatus): string {
  if (status === 'completed') return 'bg-green-100 text-green-800';
  if (status === 'cancel') return 'bg-red-100 text-red-800';
  if (status === 'pending') return 'bg-amber-100 text-amber-900';
  return 'bg-sky-100 text-sky-900';
}
