import { createTranslator, type Messages, type Translate } from '../../lib/i18n';
import { DEFAULT_DIRECTION } from '../../lib/locales';
import type { CurrencyDto, MasterDto } from '../../contracts/master';
import { defaultCurrencyOf } from '../../lib/money';
import { apiGet } from './page-api';
import { ApiError } from '../../lib/api-envelope';
import type { UserDto } from '../../contracts/auth';
import { NO_BADGES, type PageViewerDto, type ShopperBadgesDto } from '../../contracts/cart';
import { CACHE } from '../cache';
import { keptForPages } from './fragments';
import { env } from '../env';
import { publicOrigin } from '../http/origin';

/**
 * A language's messages and translator, fetched from /lang once for many renders: every
 * page needs them, and building them per request cost a noticeable share of a render.
 */
function translationsFor(locale: string, request: Request): Promise<{ messages: Messages; t: Translate }> {
  return keptForPages(CACHE.pageTranslations, locale, async () => {
    const messages = await apiGet<Messages>(`/lang/${encodeURIComponent(locale)}`, { request, locale });
    return { messages, t: createTranslator(locale, messages) };
  }).catch(() => ({ messages: {}, t: createTranslator(locale, {}) }));
}

/** `/master` in the language the visitor's cookie names, fetched once for many renders. */
function masterFor(locale: string, request: Request): Promise<MasterDto> {
  return keptForPages(CACHE.pageMaster, locale, () => apiGet<MasterDto>('/master', { request, locale }));
}

export interface PageContext {
  master: MasterDto;
  locale: string;
  direction: 'ltr' | 'rtl';
  messages: Messages;
  t: Translate;
  /** The currency prices are rendered in: the `currency` cookie when offered, else the default. */
  currency: CurrencyDto | null;
  /** The signed-in user of the session cookie, or null for a guest. */
  user: UserDto | null;
  /** The signed-in shopper's navbar and cart-tab figures; a guest's are 0. */
  badges: ShopperBadgesDto;
  /** The public origin for absolute links: SITE_URL, else the listening address (never the Host header). */
  siteUrl: string;
}

/**
 * What every page needs before it renders: `/master`, the visitor's language (the
 * `locale` cookie the language picker sets, when the shop has it, else the shop's
 * `app_locale`) and that language's messages, so `<html lang dir>` is right on the
 * first byte and a right-to-left page never flashes left-to-right.
 */
export async function loadPageContext(
  request: Request,
  stored: { locale?: string | undefined; currency?: string | undefined; session?: string | undefined },
  /** Products whose hearts the page will show: their favourites come back in `badges.favorite_ids`. */
  favoritesAmong: readonly number[] = [],
): Promise<PageContext> {
  // Cookies and `?lang=` are client-chosen: anything not shaped like a language key is
  // unknown (the default language) and a malformed session is a guest; neither may reach
  // the headers of the API calls below.
  const storedLocale = languageKeyOrUndefined(stored.locale);
  const master = await masterFor(storedLocale ?? 'en', request);
  const language = master.languages.find((item) => item.name === storedLocale) ?? master.languages.find((item) => item.name === master.app_locale);
  const locale = language?.name ?? master.app_locale;
  const session = tokenOrUndefined(stored.session);
  const [{ messages, t }, { user, badges }] = await Promise.all([translationsFor(locale, request), pageViewer(request, locale, session, favoritesAmong)]);
  return {
    master,
    locale,
    direction: language?.direction ?? DEFAULT_DIRECTION,
    messages,
    t,
    currency: master.currencies.find((item) => item.name === stored.currency) ?? defaultCurrencyOf(master.currencies) ?? null,
    user,
    badges,
    siteUrl: publicOrigin(env()),
  };
}

/** A language key as the shop names languages (`en`, `ar`, `ir`, `pt-BR`), else undefined. */
export function languageKeyOrUndefined(value: string | undefined): string | undefined {
  return value && /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8}){0,2}$/i.test(value) ? value : undefined;
}

/** A value shaped like an access token (letters, digits, `-`, `_`), else undefined. */
export function tokenOrUndefined(value: string | undefined): string | undefined {
  return value && /^[\w-]{1,200}$/.test(value) ? value : undefined;
}

/** Who is asking: a signed-in user and their badges, or a guest with none. */
type Viewer = { user: UserDto | null; badges: ShopperBadgesDto };

/**
 * The user behind the session cookie and their badges, in one call (`GET /page-viewer`,
 * one statement); an expired or revoked session is a guest.
 */
async function pageViewer(request: Request, locale: string, session: string | undefined, favoritesAmong: readonly number[]): Promise<Viewer> {
  const guest: Viewer = { user: null, badges: NO_BADGES };
  if (!session) return guest;
  const among = favoritesAmong.length > 0 ? `?favorites_among=${favoritesAmong.join(',')}` : '';
  return asGuestOn401<Viewer>(() => apiGet<PageViewerDto>(`/page-viewer${among}`, { request, locale, token: session }), guest);
}

async function asGuestOn401<T>(read: () => Promise<T>, guest: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return guest;
    throw error;
  }
}
