import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../client';
import {
  countries,
  currencies,
  footerItems,
  footers,
  languages,
  menus,
  paymentGateways,
  settings,
  socialAuths,
  socialLinks,
  ticketIssueTypes,
  translations,
} from '../schema/index.ts';
import { SiteSettingsSchema } from '../../modules/master/settings.ts';
import { COUNTRIES, CURRENCIES, LANGUAGES } from './data/locations.ts';
import { FOOTERS, MENUS, PAYMENT_GATEWAYS, SITE_SETTINGS, SOCIAL_AUTHS, SOCIAL_LINKS, TICKET_ISSUE_TYPES } from './data/site.ts';
import { uploadUrl } from './images.ts';
import { insertMany } from './util.ts';
import { FOOTER_ITEM_TITLES, FOOTER_TITLES, MENU_NAMES } from './data/i18n/site.ts';
import { localized, localizedName } from './localized.ts';

/**
 * Translation files: flat objects of English source string to translation. Resolved
 * from the project root like the migrations, because every entry point runs there.
 */
export const MESSAGES_DIR = path.resolve('src/server/db/seed/messages');

/** The messages of one locale, or null when its file is absent. Non-string values are dropped. */
export function readMessages(locale: string, dir = MESSAGES_DIR): Record<string, string> | null {
  const file = path.join(dir, `${locale}.json`);
  if (!existsSync(file)) return null;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${file} must hold a JSON object`);
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Site-wide configuration: settings, locales, currencies, navigation and integrations. */
export async function seedBase(db: Db, options: { messagesDir?: string } = {}): Promise<void> {
  // Parsing proves every value has the type /master expects before anything is written.
  const site = SiteSettingsSchema.parse(SITE_SETTINGS);
  await db.insert(settings).values(Object.entries(site).map(([key, value]) => ({ key, value })));

  const languageRows = await db
    .insert(languages)
    .values(LANGUAGES.map((language, sortOrder) => ({ ...language, sortOrder })))
    .returning({ id: languages.id, name: languages.name });
  for (const language of languageRows) {
    const messages = readMessages(language.name, options.messagesDir);
    if (!messages) continue;
    await insertMany(
      db,
      translations,
      Object.entries(messages).map(([key, value]) => ({ languageId: language.id, key, value })),
    );
  }

  await db.insert(currencies).values(CURRENCIES.map((c) => ({ name: c.name, symbol: c.symbol, rateFromDefault: c.rate, position: c.position, isDefault: c.isDefault })));
  await db.insert(countries).values(COUNTRIES.map(([name, code, phoneCode]) => ({ name, code, phoneCode })));
  await db.insert(menus).values(MENUS.map((menu) => ({ ...menu, translations: localizedName(MENU_NAMES[menu.name]) })));

  for (const [index, footer] of FOOTERS.entries()) {
    const [row] = await db
      .insert(footers)
      .values({ title: footer.title, sortOrder: index + 1, translations: localized((locale) => ({ title: FOOTER_TITLES[footer.title][locale] })) })
      .returning({ id: footers.id });
    await db.insert(footerItems).values(
      footer.items.map((item, sortOrder) => ({
        footerId: row!.id,
        type: item.type,
        title: item.title,
        url: item.url ?? null,
        target: item.target ?? '_self',
        sortOrder,
        translations: localized((locale) => ({ title: FOOTER_ITEM_TITLES[item.title][locale] })),
      })),
    );
  }

  await db.insert(socialLinks).values(SOCIAL_LINKS.map((link, sortOrder) => ({ name: link.name, link: link.link, logo: uploadUrl('social', link.icon), sortOrder })));
  await db.insert(paymentGateways).values(PAYMENT_GATEWAYS.map((gateway) => ({ ...gateway, logo: uploadUrl('payments', gateway.name) })));
  await db.insert(socialAuths).values(SOCIAL_AUTHS.map((auth) => ({ ...auth })));
  await db.insert(ticketIssueTypes).values(TICKET_ISSUE_TYPES.map((name) => ({ name })));
}
