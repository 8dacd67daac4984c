import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { invalidateLanguages, invalidateSettings } from '../../cache';
import { languages, settings, socialAuths } from '../../db/schema';
import { seedBase } from '@tests/fixtures';
import { THEME_SHADES } from '@/lib/theme';
import { createTestApp, type TestApp } from '@tests/support/api';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp(seedBase);
});
afterAll(() => api.close());

const master = async () => (await api.json('/master')).body.data;

// Every field the spec's GET /master row lists, plus the additions (docs/product.md §7.2).
const SPEC_FIELDS = [
  'currency',
  'currencies',
  'cash_on_delivery',
  'online_payment',
  'app_name',
  'google_playstore_link',
  'app_store_link',
  'multi_vendor',
  'mobile',
  'web_show_footer',
  'address',
  'payment_gateways',
  'web_footer_text',
  'web_footer_description',
  'web_footer_logo',
  'footer_qr',
  'web_logo',
  'social_links',
  'theme_colors',
  'pusher_app_key',
  'pusher_app_cluster',
  'app_environment',
  'show_download_app',
  'register_otp_verify',
  'register_otp_type',
  'forgot_otp_type',
  'languages',
  'social_auths',
  'phone_required',
  'phone_min_length',
  'phone_max_length',
  'order_place_account_verify',
  'menus',
  'footers',
  'app_locale',
  'return_order_within_days',
];

describe('GET /master', () => {
  it('answers without authentication with every field of the spec', async () => {
    const { status, body } = await api.json('/master');
    expect(status).toBe(200);
    expect(body.message).toBe('');
    expect(Object.keys(body.data).sort()).toEqual(expect.arrayContaining(SPEC_FIELDS.sort()));
  });

  it('carries the seeded languages, currencies and twelve theme shades', async () => {
    const data = await master();
    expect(data.languages.map((l: any) => [l.name, l.direction])).toEqual(
      expect.arrayContaining([
        ['en', 'ltr'],
        ['ar', 'rtl'],
        ['ir', 'rtl'],
      ]),
    );
    expect(data.app_locale).toBe('en');
    expect(data.currencies.length).toBeGreaterThanOrEqual(3);
    const usd = data.currencies.find((c: any) => c.is_default);
    expect(usd).toMatchObject({ name: 'USD', symbol: '$', rate_from_default: 1, position: 'prefix' });
    expect(data.currency).toEqual({ name: 'USD', symbol: '$', rate: 1, position: 'prefix' });
    for (const currency of data.currencies) expect(currency.rate_from_default).toBeGreaterThan(0);
    expect(Object.keys(data.theme_colors)).toEqual([...THEME_SHADES]);
  });

  it('has menus (internal and external) and footers using every item type', async () => {
    const data = await master();
    expect(data.menus.some((m: any) => m.is_external && m.target === '_blank')).toBe(true);
    expect(data.menus.some((m: any) => !m.is_external && m.url.startsWith('/'))).toBe(true);
    const types = new Set(data.footers.flatMap((f: any) => f.items.map((i: any) => i.type)));
    expect([...types].sort()).toEqual(['app_store', 'link', 'logo', 'social_links', 'text']);
    expect(data.social_links.length).toBeGreaterThan(0);
  });

  it('shows social login client ids but never their secrets', async () => {
    const secrets = await api.db.select({ id: socialAuths.id, clientSecret: socialAuths.clientSecret }).from(socialAuths);
    await api.db.update(socialAuths).set({ clientSecret: 'top-secret-value' });
    invalidateSettings(api.db);
    try {
      const response = await api.call('/master');
      const text = await response.text();
      expect(text).not.toContain('top-secret-value');
      const data = JSON.parse(text).data;
      expect(Object.keys(data.social_auths).sort()).toEqual(['facebook', 'google', 'microsoft', 'twitter']);
      expect(data.social_auths.facebook).toEqual({ client_id: expect.any(String), is_active: expect.any(Boolean) });
    } finally {
      for (const { id, clientSecret } of secrets) await api.db.update(socialAuths).set({ clientSecret }).where(eq(socialAuths.id, id));
      invalidateSettings(api.db);
    }
  });

  it('reads its values from the database', async () => {
    const [appName] = await api.db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'app_name'));
    const defaults = await api.db.select({ id: languages.id, isDefault: languages.isDefault }).from(languages);
    await api.db.update(settings).set({ value: 'Corner Market' }).where(eq(settings.key, 'app_name'));
    await api.db.update(languages).set({ isDefault: false });
    await api.db.update(languages).set({ isDefault: true }).where(eq(languages.name, 'ar'));
    invalidateSettings(api.db);
    invalidateLanguages(api.db);
    try {
      const data = await master();
      expect(data.app_name).toBe('Corner Market');
      expect(data.app_locale).toBe('ar');
      expect(data.app_environment).toBe('test');
    } finally {
      await api.db.update(settings).set({ value: appName!.value }).where(eq(settings.key, 'app_name'));
      for (const { id, isDefault } of defaults) await api.db.update(languages).set({ isDefault }).where(eq(languages.id, id));
      invalidateSettings(api.db);
      invalidateLanguages(api.db);
    }
  });

  it('offers no third-party push service, whatever the settings hold (docs/decisions/020-support-and-live-updates.md)', async () => {
    const keys = ['pusher_app_key', 'pusher_app_cluster'];
    const before = await api.db.select().from(settings).where(inArray(settings.key, keys));
    await api.db.update(settings).set({ value: 'abc123' }).where(inArray(settings.key, keys));
    invalidateSettings(api.db);
    try {
      const data = await master();
      expect([data.pusher_app_key, data.pusher_app_cluster]).toEqual(['', '']);
    } finally {
      for (const row of before) await api.db.update(settings).set({ value: row.value }).where(eq(settings.key, row.key));
      invalidateSettings(api.db);
    }
  });
});
