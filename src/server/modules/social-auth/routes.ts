import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../context';
import { FLASH_COOKIE, flashCookie } from '../../http/flash';
import { ApiError } from '../../http/errors';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@/contracts/master';
import { POPUP_PARAM } from '@/contracts/social-auth';
import { clientKey, consume } from '../rate-limit/middleware';
import { startSession } from '../auth/session';
import { NO_STORE_HEADERS, pageLanguage, resultPage } from './page';
import { validBody } from '../../http/validation';
import { SocialTokenPayload } from '@/contracts/social-auth';
import { beginLogin, completeCodeLogin, completeLogin, MESSAGES, REQUEST_LIFETIME_MS, SocialLoginError, type CallbackQuery } from './service';

/** The state of the login under way, for the callback only; sent back on the provider's redirect (Lax). */
const STATE_COOKIE = 'social_auth_state';
const COOKIE_PATH = '/api/social-auth';

const clearState = (c: Context<AppEnv>) => deleteCookie(c, STATE_COOKIE, { path: COOKIE_PATH, secure: c.var.https, httpOnly: true, sameSite: 'Lax' });

/** A bounded query value; anything longer than a provider ever sends is treated as absent. */
function queryValue(c: Context<AppEnv>, name: string, max: number): string | undefined {
  const value = c.req.query(name);
  return value && value.length <= max && !value.includes('\0') ? value : undefined;
}

/** A refusal as the login window's page, in the shopper's language. */
async function failurePage(c: Context<AppEnv>, error: unknown) {
  const { t } = await pageLanguage(c);
  if (error instanceof SocialLoginError) return resultPage(c, error.status, { message: t(error.message) });
  if (error instanceof ApiError && error.status === 429) {
    // Already translated (with its number of seconds) by the rate limiter.
    return resultPage(c, 429, { message: error.message }, error.headers);
  }
  throw error;
}

/**
 * Social login (docs/product.md §2.8, §6, §7; docs/decisions/011-social-login.md):
 * `GET /social-auth/{provider}` sends the browser to the provider, `GET /social-auth/callback`
 * brings it back signed in. Both are navigations, so both answer pages, not JSON.
 */
export const socialAuthRoutes = new Hono<AppEnv>()
  .get('/social-auth/callback', async (c) => {
    const query: CallbackQuery = {
      state: queryValue(c, 'state', 200),
      code: queryValue(c, 'code', 4096),
      error: queryValue(c, 'error', 100),
    };
    const cookieState = getCookie(c, STATE_COOKIE);
    // Whatever happens next, this login's state is spent.
    clearState(c);
    try {
      const { userId, mode } = await completeLogin(c, query, cookieState);
      const session = await startSession(c, userId);
      const { t } = await pageLanguage(c);
      if (mode === 'page') {
        // The full-page login lands on / with the login toast's message (server/http/flash.ts).
        const flash = flashCookie({ type: 'success', message: t('Login successfully') }, c.var.https);
        setCookie(c, FLASH_COOKIE, flash.value, flash.options);
        return c.body(null, 302, { ...NO_STORE_HEADERS, Location: '/' });
      }
      return await resultPage(c, 200, { message: t('Login successfully'), session });
    } catch (error) {
      return failurePage(c, error);
    }
  })
  // An app's login with a code it got from the provider itself (contracts/social-auth.ts): JSON, as /login answers.
  .post('/auth/:provider/token', validBody(SocialTokenPayload), async (c) => {
    const provider = c.req.param('provider') as SocialProvider;
    try {
      if (!SOCIAL_PROVIDERS.includes(provider)) throw new SocialLoginError(MESSAGES.unavailable, 404);
      await consume(c, 'social:ip', clientKey(c));
      const userId = await completeCodeLogin(c, provider, c.req.valid('json'));
      return c.json({ message: c.var.t('Login successfully'), data: await startSession(c, userId) });
    } catch (error) {
      if (!(error instanceof SocialLoginError)) throw error;
      throw new ApiError(error.status, c.var.t(error.message));
    }
  })
  // After /callback, which Hono matches first. Any other name is "not available".
  .get('/social-auth/:provider', async (c) => {
    const provider = c.req.param('provider') as SocialProvider;
    try {
      if (!SOCIAL_PROVIDERS.includes(provider)) throw new SocialLoginError(MESSAGES.unavailable, 404);
      await consume(c, 'social:ip', clientKey(c));
      const mode = c.req.query(POPUP_PARAM) === '1' ? 'popup' : 'page';
      const { url, state } = await beginLogin(c, provider, mode);
      setCookie(c, STATE_COOKIE, state, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'Lax',
        secure: c.var.https,
        maxAge: REQUEST_LIFETIME_MS / 1000,
      });
      return c.body(null, 302, { ...NO_STORE_HEADERS, Location: url.toString() });
    } catch (error) {
      return failurePage(c, error);
    }
  });
