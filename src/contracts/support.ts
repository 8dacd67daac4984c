/**
 * Support tickets (docs/product.md §2 account pages; docs/decisions/020-support-and-live-updates.md):
 * the payloads the API validates and the shapes it answers. No server imports here.
 */
import { z } from 'zod';

export const TICKET_STATUS_VALUES = ['pending', 'confirm', 'completed', 'cancel'] as const;
export type TicketStatus = (typeof TICKET_STATUS_VALUES)[number];

/** The list's tabs: running is pending or confirm; anything else (or none) is every ticket. */
export const TICKET_TABS = ['all', 'running', 'completed', 'cancel'] as const;
export type TicketTab = (typeof TICKET_TABS)[number];

/** Attachments: jpg, png or pdf, checked by their content, at most 2 MB each and 5 per message. */
export const TICKET_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const TICKET_ATTACHMENT_MAX_COUNT = 5;
export const TICKET_ATTACHMENT_EXTENSIONS = 'jpg, jpeg, png, pdf';
/** The largest body a ticket's form or call may send: its files and room for the text. */
export const TICKET_UPLOAD_MAX_BYTES = TICKET_ATTACHMENT_MAX_COUNT * TICKET_ATTACHMENT_MAX_BYTES + 512 * 1024;
/** A message's text, as the original's rule: at most 5,000 characters. */
export const TICKET_MESSAGE_MAX = 5000;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
/** One file or several (a form's repeated field, a client's `attachments[]`); none when absent. */
const files = z.preprocess((value) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]), z.array(z.unknown()));

export const CreateTicketPayload = z.object({
  /** An active issue type, by its name (what the original client sends) or its id. */
  issue_type: z.string().trim().min(1).max(255),
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(TICKET_MESSAGE_MAX),
  email: z.email().trim().max(190),
  phone: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((value) => /^\+?\d{8,16}$/.test(value), { error: 'The phone field must be between 8 and 16 digits.' })
      .optional(),
  ),
  /** One of the caller's orders, by its code ("#RC000123" or "RC000123"). */
  order_number: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
  attachments: files,
});
export type CreateTicketPayload = z.output<typeof CreateTicketPayload>;

export const TicketNumberQuery = z.object({ ticket_number: z.string().trim().min(1).max(40) });

export const TicketMessagePayload = z.object({
  ticket_number: z.string().trim().min(1).max(40),
  message: z.string().trim().min(1).max(TICKET_MESSAGE_MAX),
  attachments: files,
  /** The original client's single file field. */
  attachment: files,
});
export type TicketMessagePayload = z.output<typeof TicketMessagePayload>;

export interface IssueTypeDto {
  id: number;
  name: string;
}

/** A ticket in a list. */
export interface TicketDto {
  id: number;
  ticket_no: string;
  order_number: string | null;
  status: TicketStatus;
  subject: string;
  issue_type: string;
  /** "d F, Y", as the original; `created_at_iso` for clients that format dates themselves. */
  created_at: string;
  created_at_iso: string;
  updated_at_iso: string;
}

export interface TicketAttachmentDto {
  id: number;
  /** "image" for jpg and png, else the extension ("pdf"). */
  type: string;
  /** The checked route that serves it to the ticket's owner and the staff answering it. */
  src: string;
  name: string;
  size: number;
}

export type TicketSender = 'customer' | 'staff' | 'shop';

export interface TicketMessageDto {
  id: number;
  /** Plain text: escape it on output. */
  message: string;
  created_at: string;
  created_at_iso: string;
  sender_id: number | null;
  sender_name: string;
  sender_role: TicketSender;
  profile_photo: string | null;
  is_highlighted: boolean;
  attachments: TicketAttachmentDto[];
}

export interface TicketDetailsDto extends TicketDto {
  /** Whether the shopper may still write: false once the ticket is completed or cancelled. */
  user_chat: boolean;
  email: string;
  phone: string | null;
  ticket_schedule_start: string | null;
  ticket_schedule_end: string | null;
  /** Every file of the thread, the first message's first. */
  attachments: TicketAttachmentDto[];
  messages: TicketMessageDto[];
}

export interface TicketListDto {
  /** Tickets under the chosen tab (all pages). */
  total: number;
  all: number;
  running: number;
  completed: number;
  cancel: number;
  support_tickets: TicketDto[];
}

export interface TicketShowDto {
  support_ticket: TicketDetailsDto;
  highlighted_messages: TicketMessageDto[];
}
