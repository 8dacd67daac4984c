import { randomInt } from 'node:crypto';

/**
 * Ticket numbers (docs/decisions/020-support-and-live-updates.md): 12 characters drawn at
 * random from Crockford's 32 (digits and capitals without I, L, O, U, which read like
 * others), 60 bits.
 * Nobody reaches a ticket by counting: the original's "6 digits + next id" could be walked.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TICKET_NUMBER_LENGTH = 12;
export const TICKET_NUMBER_PATTERN = /^[0-9A-HJKMNP-TV-Z]{12}$/;

export function newTicketNumber(): string {
  let number = '';
  for (let i = 0; i < TICKET_NUMBER_LENGTH; i++) number += ALPHABET[randomInt(ALPHABET.length)];
  return number;
}

/**
 * A ticket number as typed (any case, spaces around, O for 0, I or L for 1, as Crockford's
 * alphabet reads them): the stored form, or null when it cannot be one.
 */
export function normalTicketNumber(value: string): string | null {
  const number = value.trim().toUpperCase().replaceAll('O', '0').replace(/[IL]/g, '1');
  return TICKET_NUMBER_PATTERN.test(number) ? number : null;
}
