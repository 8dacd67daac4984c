import type { OtpChannel } from '../contracts/master';

/** What POST /send-otp and /verify-otp name as where a code goes: an e-mail, or a phone with its code. */
export interface CodeTarget {
  phone: string;
  phone_code: string;
}

/**
 * Where the code that verifies an account goes (docs/product.md §4.4): the site's
 * `register_otp_type` decides, the same at registration and at checkout; the phone when it
 * is chosen and the account has one, else the e-mail, else the phone.
 */
export function accountCodeTarget(user: { email: string | null; phone: string | null; phone_code: string | null }, channel: OtpChannel): CodeTarget {
  const byPhone = user.phone ? { phone: user.phone, phone_code: user.phone_code ?? '' } : null;
  if (channel === 'phone' && byPhone) return byPhone;
  if (user.email) return { phone: user.email, phone_code: '' };
  return byPhone ?? { phone: '', phone_code: '' };
}
