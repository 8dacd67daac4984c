/**
 * Social login (docs/decisions/011-social-login.md): the message the login window posts to
 * the window that opened it, and how that window starts a login. No server imports here.
 */
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
