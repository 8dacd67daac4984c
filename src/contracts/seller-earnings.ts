/**
 * The seller's earnings API (docs/decisions/017-sellers.md, "Earnings"): the dashboard's
 * figures, the wallet, withdrawals and the ledger's statement. Money is a decimal of the
 * site's default currency (integer minor units inside). The original seller app's keys are
 * kept where it has them (`this_manth_sales`, sic, beside `this_month_sales`). No server imports.
 */
import { z } from 'zod';
import type { LedgerKind, WithdrawalStatus } from './seller';

/** The periods the dashboard's chart and the wallet's figures are read for. */
export const DASHBOARD_FILTERS = ['this_year', 'last_year'] as const;
export const WALLET_FILTERS = ['this_month', 'last_month', 'this_year', 'last_year'] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];
export type WalletFilter = (typeof WALLET_FILTERS)[number];

export const DashboardQuery = z.object({ filter_type: z.enum(DASHBOARD_FILTERS).default('this_year') });
export const WalletQuery = z.object({ filter_type: z.enum(WALLET_FILTERS).default('this_year') });

/** The most one request may ask for: far above any real payout, and an exact integer in minor units. */
export const WITHDRAWAL_MAX_DECIMAL = 10_000_000;

/**
 * A withdrawal's amount as a decimal of the default currency: a JSON number or the text a
 * form sends ("150", "150.5", "150.50"). Exponents ("1e9"), signs, NaN, and more than two
 * decimals are refused, not rounded.
 */
const amountField = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return undefined;
    return /^\d{1,12}(\.\d+)?$/.test(text) ? Number(text) : value;
  },
  z
    .number()
    .refine((value) => Number.isFinite(value), 'The {{attribute}} field must be a number.')
    .refine((value) => value > 0, 'The {{attribute}} field must be greater than 0.')
    .refine((value) => value <= WITHDRAWAL_MAX_DECIMAL, { message: 'The {{attribute}} field must not be greater than {{max}}.', params: { max: WITHDRAWAL_MAX_DECIMAL } })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'The {{attribute}} field must have at most two decimals.'),
);

const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() || undefined : value === null ? undefined : value), z.string().max(max).optional());

/** `POST /api/seller/wallet/withdraw` (JSON or a form's fields). */
export const WithdrawPayload = z.object({
  amount: amountField,
  name: optionalText(120),
  contact_number: optionalText(40),
  message: optionalText(500),
});
export type WithdrawPayload = z.output<typeof WithdrawPayload>;
/** The withdrawal form's fields, for the page's per-field errors. */
export const WITHDRAW_FORM_FIELDS = ['amount', 'name', 'contact_number', 'message'] as const;

export interface WithdrawDto {
  id: number;
  /** "05 May, 2025" (ADR 014), the ISO value beside it. */
  created_at: string;
  created_at_iso: string;
  /** "#000012". */
  bill_no: string;
  amount: number;
  /** No invoices yet; kept for the original app. */
  invoice_url: null;
  status: WithdrawalStatus;
  /** The operator's reason for a denial or note on an approval. */
  reason: string | null;
  name: string | null;
  contact_number: string | null;
  message: string | null;
}

export interface DashboardDto {
  pending_order: number;
  today_order: number;
  /** Orders on the way to the shopper. */
  to_delivery_order: number;
  /** Orders confirmed, being prepared or waiting for pick-up. */
  to_pickup_order: number;
  /** The original app's key (sic) and ours: delivered orders' payable amount, placed this month. */
  this_manth_sales: number;
  this_month_sales: number;
  wallet_balance: number;
  pending_withdraw: WithdrawDto | null;
  max_chart_amount: number;
  min_chart_amount: number;
  sales_chart_months: string[];
  /** Delivered orders' payable amount per month of the chosen year, January first. */
  sales_chart_values: number[];
  /** Orders placed today / this month (UTC) that are not cancelled, and their payable amount. */
  today: { orders: number; revenue: number };
  month: { orders: number; revenue: number };
  /** Orders waiting for the seller (pending). */
  waiting: number;
  /** Active products with at most LOW_STOCK_QUANTITY units left, fewest first. */
  low_stock: { id: number; name: string; quantity: number }[];
  /** The last 30 days, oldest first, today last: orders placed (not cancelled) and their payable amount. */
  daily_chart: { date: string; orders: number; revenue: number }[];
}

/** A product with this many units or fewer is "low stock" on the overview. */
export const LOW_STOCK_QUANTITY = 5;

export interface WalletDto {
  /** Delivered orders of the period: what shoppers paid, the platform's commission and the shop's net. */
  total_sales: number;
  commission: number;
  profit: number;
  lifetime_sales: number;
  /** The ledger's balance: what may be withdrawn now. */
  withdrawable_amount: number;
  /** Net of orders neither delivered nor cancelled yet. */
  pending_earnings: number;
  /** Sales of the period against the period before, in percent (two decimals); 100 from nothing, 0 for nothing. */
  growth_percentage: number;
  pending_withdraw: WithdrawDto | null;
  min_withdraw_amount: number;
  /** 0: no limit. */
  max_withdraw_amount: number;
  is_withdrawable: boolean;
  /** The commission terms in force for new orders. */
  commission_percent: number;
  commission_fixed_per_order: number;
}

export interface WithdrawHistoryDto {
  total: number;
  withdraws: WithdrawDto[];
}

export interface StatementEntryDto {
  id: number;
  kind: LedgerKind;
  /** Signed: credits above 0, debits below. */
  amount: number;
  balance_after: number;
  date: string;
  date_iso: string;
  /** The order's earnings when the entry is an order's: what it came to, the commission, the shop's net. */
  order: { id: number; order_code: string; gross: number; commission: number; net: number } | null;
  withdrawal: { id: number; bill_no: string } | null;
}

export interface StatementDto {
  total: number;
  balance: number;
  entries: StatementEntryDto[];
}
