import type { MouseEvent } from 'react';
import type { SignedInDto } from '../../contracts/auth';
import { POPUP_PARAM, SOCIAL_LOGIN_MESSAGE, type SocialLoginMessage } from '../../contracts/social-auth';
import { flashNextPage, LOGIN_TOAST_MS } from '../../lib/flash';
import { notifyError } from '../../lib/notify';
import { signIn } from '../../stores/auth';
import { afterSignIn } from '../../stores/session';

/**
 * §4 Login success, whichever way the shopper signed in: the token and the user are kept,
 * and the page reloads so the server renders it signed in (the session cookie is set),
 * with the message as a toast.
 */
export function finishSignIn(session: SignedInDto, message: string): void {
  signIn(session);
  flashNextPage('success', message, LOGIN_TOAST_MS);
  // §4 Login success: the cart and the favourites count are fetched (stores/session.ts afterSignIn).
  void afterSignIn().finally(() => window.location.reload());
}

const POPUP_FEATURES = { width: 520, height: 640 };

/** The login window open now, the only source whose message is believed. */
let popup: Window | null = null;
let listening = false;

/**
 * The callback page's message (modules/social-auth/page.ts): only from this site's own
 * origin, only from the window this page opened, only of the social-login shape.
 */
function receive(event: MessageEvent): void {
  if (event.origin !== window.location.origin || !popup || event.source !== popup) return;
  const data = event.data as Partial<SocialLoginMessage> | null;
  if (!data || data.type !== SOCIAL_LOGIN_MESSAGE || typeof data.message !== 'string') return;
  popup = null;
  if (data.session?.access?.token && data.session.user) finishSignIn(data.session, data.message);
  else notifyError(data.message);
}

/**
 * A social login link's click (docs/product.md §7: it opens in a new window). The link
 * itself is the full-page login, which works without JavaScript; with it, the same login
 * runs in a window of its own and hands the session back here. A plain click only: a
 * modified click (new tab) and a blocked window keep the link's own navigation.
 */
export function openSocialLogin(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(event.currentTarget.href);
  url.searchParams.set(POPUP_PARAM, '1');
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_FEATURES.width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_FEATURES.height) / 2);
  const opened = window.open(url, 'social-login', `popup,width=${POPUP_FEATURES.width},height=${POPUP_FEATURES.height},left=${left},top=${top}`);
  if (!opened) return;
  event.preventDefault();
  popup = opened;
  opened.focus();
  if (!listening) {
    window.addEventListener('message', receive);
    listening = true;
  }
}
