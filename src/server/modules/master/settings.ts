import { z } from 'zod';
import type { Db } from '../../db';
import { CACHE, cached } from '../../cache.ts';
import { settings } from '../../db/schema/index.ts';
import { OTP_CHANNELS } from '../../../contracts/master.ts';

/**
 * Every site setting the storefront reads, with the type it must have. A row that is
 * missing falls back to the default here; a row of the wrong type is a data error.
 */
export const SiteSettingsSchema = z.object({
  app_name: z.string().default('Shop'),
  web_logo: z.string().default(''),
  web_footer_logo: z.string().default(''),
  footer_qr: z.string().default(''),
  web_footer_text: z.string().default('All right reserved by company'),
  web_footer_description: z.string().default(''),
  web_show_footer: z.boolean().default(true),
  mobile: z.string().default(''),
  email: z.string().default(''),
  address: z.string().default(''),
  show_download_app: z.boolean().default(false),
  google_playstore_link: z.string().default(''),
  app_store_link: z.string().default(''),
  multi_vendor: z.boolean().default(true),
  cash_on_delivery: z.boolean().default(true),
  online_payment: z.boolean().default(false),
  pusher_app_key: z.string().default(''),
  pusher_app_cluster: z.string().default(''),
  register_otp_verify: z.boolean().default(false),
  register_otp_type: z.enum(OTP_CHANNELS).default('email'),
  forgot_otp_type: z.enum(OTP_CHANNELS).default('email'),
  phone_required: z.boolean().default(true),
  phone_min_length: z.number().int().min(1).default(9),
  phone_max_length: z.number().int().min(1).default(16),
  order_place_account_verify: z.boolean().default(false),
  return_order_within_days: z.number().int().min(0).default(7),
  /** The most units of one product one order may take (docs/decisions/010-rate-limits-in-the-database.md). */
  order_max_units_per_product: z.number().int().min(1).max(100_000).default(10),
  /** Checkouts one account may place an hour, and one client address (modules/orders/limits.ts, ADR 010). */
  order_limit_per_account: z.number().int().min(1).default(10),
  order_limit_per_address: z.number().int().min(1).default(60),
  /** Minutes an order to be paid online waits for its payment before it is cancelled and its stock given back. */
  unpaid_order_expiry_minutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
  /**
   * The platform's commission on sellers' sales (lib/earnings.ts): a percentage with up to
   * two decimals (12.5), and a fixed amount per order in minor units.
   */
  commission_percent: z
    .number()
    .min(0)
    .max(100)
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, 'at most two decimals')
    .default(10),
  commission_fixed_per_order: z.number().int().min(0).max(1_000_000).default(0),
  /** Withdrawal requests: the smallest amount, and the largest (0: no limit), in minor units. */
  withdrawal_min_amount: z.number().int().min(1).default(1000),
  withdrawal_max_amount: z.number().int().min(0).default(0),
  theme_colors: z.record(z.string(), z.string()).default({}),
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export function loadSiteSettings(db: Db): Promise<SiteSettings> {
  return cached(db, CACHE.siteSettings, async () => {
    const rows = await db.select().from(settings);
    return SiteSettingsSchema.parse(Object.fromEntries(rows.map((row) => [row.key, row.value])));
  });
}
