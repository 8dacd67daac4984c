/**
 * Social login (docs/decisions/011-social-login.md): the message the login window posts to
 * the window that opened it, and how that window starts a login. No server imports here.
 */
import { z } from 'zod';
import type { SignedInDto } from './auth';
import type { SocialProvider } from './master';

export const SOCIAL_LOGIN_MESSAGE = 'social-login';

/** Posted to this site's own origin only; `session` is present exactly when the login succeeded. */
export interface SocialLoginMessage {
  type: typeof SOCIAL_LOGIN_MESSAGE;
  /** Already in the shopper's language. */
  message: string;
  session?: SignedInDto;
}

/** The full-page address of a provider's login (works without JavaScript). */
export const socialLoginPath = (provider: SocialProvider) => `/api/social-auth/${provider}`;

/** The same login for a window of its own: the callback then hands the session to the opener. */
export const POPUP_PARAM = 'popup';

/** How each provider is named on its button. */
export const SOCIAL_PROVIDER_NAMES: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
  microsoft: 'Microsoft',
};

/**
 * POST /auth/{provider}/token (the apps' call, docs/product.md §7.6; ADR 011): an app that ran the provider's login
 * itself hands over the authorization code for the shop to exchange. With PKCE (Google,
 * Microsoft and X require it) the app sends its verifier; `redirect_uri` is the one the app
 * used at the provider, which checks it (default: this shop's callback).
 */
export const SocialTokenPayload = z
  .object({
    code: z.string().trim().min(1).max(4096),
    code_verifier: z
      .string()
      .regex(/^[\w.~-]{43,128}$/)
      .optional(),
    // An https address, an app's own scheme, or Google's "postmessage": printable ASCII, no spaces.
    redirect_uri: z
      .string()
      .max(2000)
      .regex(/^[\x21-\x7e]+$/)
      .optional(),
  })
  .strict();
export type SocialTokenPayload = z.infer<typeof SocialTokenPayload>;
