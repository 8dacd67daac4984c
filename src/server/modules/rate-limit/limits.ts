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
 * Failed logins (modules/auth/login.ts) count three ways, so a guesser is stopped while
 * the owner, from their own address, still gets in:
 * - `login:account:ip` (failures of one account from one address): 10 per 15 minutes. One
 *   guesser gets 10 tries at an account per window (40 an hour), then the right password
 *   too is refused, from that address only.
 * - `login:ip` (failed logins from one address, any account): 50 per 15 minutes. Stops
 *   one address from trying a little on many accounts; generous because an office or a
 *   mobile carrier puts many shoppers behind one address.
 * - `login:account` (failures of one account from every address): 100 an hour. Only a
 *   guesser spread over more than ten addresses reaches it, and only that locks the
 *   account for everyone (until the hour ends): the price of capping a botnet at 100
 *   guesses an hour per account. Ten wrong passwords from one address lock nobody else out.
 * Successful logins count in none of them.
 * - `contact:ip`: 20 contact-form posts an hour from one address. A person writes one or
 *   two; a spammer gets 20 an hour instead of tens of thousands a minute.
 * - `product:view`: a product's view counts once per visitor (signed-in user, else
 *   address) a day, so reloading a page does not move it up the "popular" ranking.
 * - `otp:send:identifier` (codes sent to one account or address, modules/auth/otp.ts):
 *   5 an hour. The dialog offers "Resend OTP" after 60 seconds (docs/product.md §9.3), so
 *   a shopper whose message is slow still gets a few tries, while nobody can flood an
 *   inbox or run up an SMS bill on someone else's number.
 * - `otp:send:ip`: 20 codes an hour from one address, any identifier: one address
 *   cannot spray codes over many inboxes; generous for shared addresses.
 * - `otp:verify:identifier` (code checks for one account or address): 15 an hour. Each
 *   code dies after 5 wrong tries (otp.ts); this caps the guesses across resends at 15 of
 *   10,000 an hour.
 * - `otp:verify:ip`: 50 code checks from one address per 15 minutes.
 * - `registration:ip`: 10 new accounts an hour from one address: enough for a family or
 *   an office, too few to mass-create accounts.
 * - `account-check:ip`: 30 questions from one address per 15 minutes of whether an
 *   e-mail or phone has an account (the seller app's /check-email-phone and
 *   /check-user-status): what a sign-up form needs, too few to walk a list of numbers.
 * - `reset:ip`: 20 password resets from one address per 15 minutes. A reset token is 32
 *   random bytes, so this guards the argon2 hashing each attempt costs, not guessing.
 * - `password:change` (change-password attempts of one signed-in user): 10 per 15
 *   minutes. The caller already holds a session, so this caps guessing the current
 *   password with a stolen token (40 an hour) and the argon2 work each attempt costs.
 * - `social:ip`: 30 social logins started from one address per 15 minutes. Each start
 *   stores a pending login (modules/social-auth); a shopper needs one or two.
 * - `ticket:create` (support tickets one user opens): 10 an hour. A shopper with a
 *   problem opens one or two; each may carry 10 MB of files.
 * - `ticket:message` (ticket messages one user sends, as shopper or shop): 30 per 10
 *   minutes, a message every 20 seconds on average: a conversation, not a flood.
 * - `chat:message` (chat messages one user sends, as shopper or shop): 20 a minute. A
 *   quick typist sends a few short lines in a row; a flood is stopped within the minute.
 */
export const LIMITS = {
  'login:account:ip': { max: 10, windowSeconds: 15 * MINUTE },
  'login:account': { max: 100, windowSeconds: HOUR },
  'login:ip': { max: 50, windowSeconds: 15 * MINUTE },
  'contact:ip': { max: 20, windowSeconds: HOUR },
  'product:view': { max: 1, windowSeconds: DAY },
  'otp:send:identifier': { max: 5, windowSeconds: HOUR },
  'otp:send:ip': { max: 20, windowSeconds: HOUR },
  'otp:verify:identifier': { max: 15, windowSeconds: HOUR },
  'otp:verify:ip': { max: 50, windowSeconds: 15 * MINUTE },
  'reset:ip': { max: 20, windowSeconds: 15 * MINUTE },
  'registration:ip': { max: 10, windowSeconds: HOUR },
  'account-check:ip': { max: 30, windowSeconds: 15 * MINUTE },
  'password:change': { max: 10, windowSeconds: 15 * MINUTE },
  'social:ip': { max: 30, windowSeconds: 15 * MINUTE },
  'ticket:create': { max: 10, windowSeconds: HOUR },
  'ticket:message': { max: 30, windowSeconds: 10 * MINUTE },
  'chat:message': { max: 20, windowSeconds: MINUTE },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** A limit with the bucket its counters are stored under. */
export interface Rule extends Limit {
  bucket: string;
}

export const rule = (name: LimitName): Rule => ({ bucket: name, ...LIMITS[name] });
