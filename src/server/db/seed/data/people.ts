import { Faker, en } from '@faker-js/faker';
import { SHOPS } from './shops.ts';
import { COUNTRIES } from './locations.ts';
import { DEMO_ACCOUNTS } from '../../../../lib/demo-accounts.ts';

export interface PersonDef {
  name: string;
  email: string;
  phoneCode: string;
  phone: string;
  country: string;
  gender: 'male' | 'female';
  dateOfBirth: string;
}

/** The accounts the login dialog is prefilled with in the local environment. */
export const DEMO_CUSTOMER: PersonDef = {
  name: 'Alex Morgan', email: DEMO_ACCOUNTS.customer.email, phoneCode: '1', phone: '2025550143', country: 'United States', gender: 'male', dateOfBirth: '1992-04-18',
};
export const DEMO_SELLER: PersonDef = {
  name: 'Sam Carter', email: DEMO_ACCOUNTS.seller.email, phoneCode: '1', phone: '2025550188', country: 'United States', gender: 'female', dateOfBirth: '1988-09-02',
};
export const EDITOR: PersonDef = {
  name: 'ShopHub Editorial', email: 'editor@example.com', phoneCode: '1', phone: '2025550100', country: 'United States', gender: 'female', dateOfBirth: '1990-01-01',
};
/** Owner of the shop under review, to see the storefront's "Under review" state. */
export const PENDING_SELLER_EMAIL = 'pending.seller@example.com';

const ascii = (text: string) => text.normalize('NFKD').replace(/[^A-Za-z]/g, '').toLowerCase();

function people(seed: number, count: number, email: (first: string, last: string, index: number) => string, phoneBase: number): PersonDef[] {
  const faker = new Faker({ locale: [en], seed });
  return Array.from({ length: count }, (_, index) => {
    const sex = faker.helpers.arrayElement(['male', 'female'] as const);
    const first = faker.person.firstName(sex);
    const last = faker.person.lastName();
    const [country, , phoneCode] = faker.helpers.arrayElement(COUNTRIES);
    const birth = faker.date.between({ from: '1960-01-01T00:00:00Z', to: '2004-12-31T00:00:00Z' });
    return {
      name: `${first} ${last}`,
      email: email(ascii(first), ascii(last), index),
      phoneCode,
      // Derived from the index, so (phone_code, phone) stays unique without retries.
      phone: String(phoneBase + index * 37),
      country,
      gender: sex,
      dateOfBirth: birth.toISOString().slice(0, 10),
    };
  });
}

/** Shoppers who write the seeded reviews. */
export const SHOPPER_COUNT = 40;
export const demoShoppers = (): PersonDef[] =>
  people(4242, SHOPPER_COUNT, (first, last, i) => `${first}.${last}${i + 1}@example.net`, 3_015_550_000);

/** One owner per shop except the demo seller's, in SHOPS order (undefined for that one). */
export function shopOwners(): (PersonDef | undefined)[] {
  const owners = people(777, SHOPS.length, (first, last, i) => `${first}.${last}@${SHOPS[i]!.slug}.example.com`, 4_155_550_000);
  return SHOPS.map((shop, index) => {
    if (shop.demoSeller) return undefined;
    const owner = owners[index]!;
    return shop.isActive ? owner : { ...owner, email: PENDING_SELLER_EMAIL };
  });
}
