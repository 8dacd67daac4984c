/** A fixed window: at most `max` hits per key in `windowSeconds` from the key's first hit. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Every named limit, in one place; the name is the bucket stored with each counter, so
 * adding one is one line here (at most 40 characters). Production values: tests use them
 * as they are.
 *
 * - `login:account` (failed logins of one account, from anywhere): 10 per 15 minutes.
 *   Enough for a forgetful owner; 40 guesses an hour for anyone else. An attacker can
 *   lock an account by spending 10 wrong passwords, but only until the window ends
 *   (15 minutes at most), and each lock costs them 10 attempts of their own address's
 *   `login:ip` budget. Successful logins do not count.
 * - `login:ip` (failed logins from one address, any account): 50 per 15 minutes. Stops
 *   one address from trying a little on many accounts; generous because an office or a
 *   mobile carrier puts many shoppers behind one address.
 * - `contact:ip`: 20 contact-form posts an hour from one address. A person writes one or
 *   two; a spammer gets 20 an hour instead of tens of thousands a minute.
 * - `product:view`: a product's view counts once per visitor (signed-in user, else
 *   address) a day, so reloading a page does not move it up the "popular" ranking.
 */
export const LIMITS = {
  'login:account': { max: 10, windowSeconds: 15 * MINUTE },
  'login:ip': { max: 50, windowSeconds: 15 * MINUTE },
  'contact:ip': { max: 20, windowSeconds: HOUR },
  'product:view': { max: 1, windowSeconds: DAY },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** A limit with the bucket its counters are stored under. */
export interface Rule extends Limit {
  bucket: string;
}

export const rule = (name: LimitName): Rule => ({ bucket: name, ...LIMITS[name] });
