/**
 * How an address reads wherever it is shown: the address book, the checkout, the order
 * page, the shop's order page, the invoice and the order e-mails (docs/product.md §3.5
 * Address). One order, from the door outwards, as a courier reads a label: the flat and
 * street, the second line, the area, then "city, state post code", then the country.
 * Pure: the islands use it too.
 */
import type { AddressType } from '../contracts/address';
import type { Translate } from './i18n';

/** The fields of an address a postal block reads; an order's kept copy may lack any of them (older copies have no region). */
export type PostalFields = Partial<Record<'flat_no' | 'address_line' | 'address_line2' | 'area' | 'city' | 'state' | 'post_code' | 'country', unknown>>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The address's lines below the name and phone, empty ones left out. */
export function postalLines(address: PostalFields): string[] {
  const street = [text(address.flat_no), text(address.address_line)].filter(Boolean).join(', ');
  const place = [text(address.city), text(address.state)].filter(Boolean).join(', ');
  // Without a city or state (an address saved before they were asked for) the post code follows the area, as it always did.
  const [area, town] = place ? [text(address.area), `${place} ${text(address.post_code)}`.trim()] : [`${text(address.area)} ${text(address.post_code)}`.trim(), ''];
  return [street, text(address.address_line2), area, town, text(address.country)].filter(Boolean);
}

/** Whether an address says where it is: the shop's forms ask for the region of one that does not (saved before they were asked for, or by an app that does not send them). */
export function hasRegion(address: PostalFields): boolean {
  return Boolean(text(address.country) && text(address.state) && text(address.city));
}

/**
 * The address type's label. Keys of their own (ADR 003): "Home" is also the home page's
 * link, which Arabic words differently from a dwelling.
 */
export function addressTypeLabel(t: Translate, type: AddressType): string {
  switch (type) {
    case 'home':
      return t('Home address');
    case 'office':
      return t('Office address');
    default:
      return t('Other address');
  }
}
