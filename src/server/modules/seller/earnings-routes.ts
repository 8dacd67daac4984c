import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { z } from 'zod';
import { notFound, validationError } from '../../http/errors';
import { validBody, validParams, validQuery } from '../../http/validation';
import { loadSiteSettings } from '../master/settings';
import { listedCurrencies } from '../master/default-currency';
import { requireSeller } from './access';
import { ledgerBalance } from './ledger';
import { dashboardFigures, statementPage, walletFigures } from './earnings';
import type { SellerDependencies } from './routes';
import { billNo, findShopWithdrawal, latestPendingWithdrawal, listShopWithdrawals, requestWithdrawal, type Withdrawal } from './withdrawals';
import {
  DashboardQuery,
  WalletQuery,
  WithdrawPayload,
  type DashboardDto,
  type StatementDto,
  type WalletDto,
  type WithdrawDto,
  type WithdrawHistoryDto,
} from '@/contracts/seller-earnings';
import { dayMonthYear } from '@/lib/dates';
import { formatDefaultAmount, fromMinor, toMinor } from '@/lib/money';
import { limitOffset, paginationQuery } from '@/lib/pagination';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function withdrawDto(row: Withdrawal): WithdrawDto {
  return {
    id: row.id,
    created_at: dayMonthYear(row.createdAt),
    created_at_iso: row.createdAt.toISOString(),
    bill_no: billNo(row.id),
    amount: fromMinor(row.amount),
    invoice_url: null,
    status: row.status,
    reason: row.reason,
    name: row.name,
    contact_number: row.contactNumber,
    message: row.message,
  };
}

const WithdrawParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const shopId = (c: { var: AppEnv['Variables'] }) => c.var.shop!.id;

/**
 * The seller API's earnings routes (docs/decisions/017-sellers.md, "Earnings"): the
 * dashboard's figures, the wallet, withdrawal requests and their history, the ledger's
 * statement. Only an active shop's owner, only their own shop (access.ts).
 */
export function sellerEarningsRoutes({ now }: SellerDependencies) {
  return new Hono<AppEnv>()
    .get('/dashboard', requireSeller(), validQuery(DashboardQuery), async (c) => {
      const db = c.var.db;
      const id = shopId(c);
      const [figures, balance, pending] = await Promise.all([
        dashboardFigures(db, id, c.req.valid('query').filter_type, now()),
        ledgerBalance(db, id),
        latestPendingWithdrawal(db, id),
      ]);
      const chart = figures.chart.map(fromMinor);
      const data: DashboardDto = {
        pending_order: figures.counts.pending,
        today_order: figures.today.orders,
        to_delivery_order: figures.counts.onTheWay,
        to_pickup_order: figures.counts.toPickup,
        this_manth_sales: fromMinor(figures.monthSales),
        this_month_sales: fromMinor(figures.monthSales),
        wallet_balance: fromMinor(balance),
        pending_withdraw: pending ? withdrawDto(pending) : null,
        max_chart_amount: Math.max(...chart),
        min_chart_amount: Math.min(...chart),
        sales_chart_months: MONTHS,
        sales_chart_values: chart,
        today: { orders: figures.today.orders, revenue: fromMinor(figures.today.revenue) },
        month: { orders: figures.month.orders, revenue: fromMinor(figures.month.revenue) },
        waiting: figures.counts.pending,
        low_stock: figures.low,
        daily_chart: figures.daily.map((day) => ({ ...day, revenue: fromMinor(day.revenue) })),
      };
      return c.json({ message: '', data });
    })
    .get('/wallet', requireSeller(), validQuery(WalletQuery), async (c) => {
      const db = c.var.db;
      const id = shopId(c);
      const [figures, balance, pending, site] = await Promise.all([
        walletFigures(db, id, c.req.valid('query').filter_type, now()),
        ledgerBalance(db, id),
        latestPendingWithdrawal(db, id),
        loadSiteSettings(db),
      ]);
      const data: WalletDto = {
        total_sales: fromMinor(figures.period.sales),
        commission: fromMinor(figures.period.commission),
        profit: fromMinor(figures.period.net),
        lifetime_sales: fromMinor(figures.lifetime),
        withdrawable_amount: fromMinor(balance),
        pending_earnings: fromMinor(figures.pendingEarnings),
        growth_percentage: figures.growth,
        pending_withdraw: pending ? withdrawDto(pending) : null,
        min_withdraw_amount: fromMinor(site.withdrawal_min_amount),
        max_withdraw_amount: fromMinor(site.withdrawal_max_amount),
        is_withdrawable: balance >= site.withdrawal_min_amount,
        commission_percent: site.commission_percent,
        commission_fixed_per_order: fromMinor(site.commission_fixed_per_order),
      };
      return c.json({ message: '', data });
    })
    .get('/wallet/history', requireSeller(), validQuery(paginationQuery()), async (c) => {
      const { total, rows } = await listShopWithdrawals(c.var.db, shopId(c), limitOffset(c.req.valid('query')));
      const data: WithdrawHistoryDto = { total, withdraws: rows.map(withdrawDto) };
      return c.json({ message: '', data });
    })
    .get('/wallet/withdraws/:id', requireSeller(), validParams(WithdrawParams), async (c) => {
      // Another shop's withdrawal is not this seller's to see: the same 404 as none at all.
      const row = await findShopWithdrawal(c.var.db, shopId(c), c.req.valid('param').id);
      if (!row) throw notFound();
      return c.json({ message: '', data: { withdraw: withdrawDto(row) } });
    })
    .post('/wallet/withdraw', requireSeller(), validBody(WithdrawPayload), async (c) => {
      const { t, db } = c.var;
      const payload = c.req.valid('json');
      const amount = toMinor(payload.amount);
      const [site, currencies] = await Promise.all([loadSiteSettings(db), listedCurrencies(db)]);
      const money = (minor: number) => formatDefaultAmount(minor, currencies);
      if (amount < site.withdrawal_min_amount) {
        throw validationError({ amount: [t('The smallest withdrawal is {{amount}}.', { amount: money(site.withdrawal_min_amount) })] });
      }
      if (site.withdrawal_max_amount > 0 && amount > site.withdrawal_max_amount) {
        throw validationError({ amount: [t('The largest withdrawal is {{amount}}.', { amount: money(site.withdrawal_max_amount) })] });
      }
      const outcome = await requestWithdrawal(db, shopId(c), { amount, name: payload.name, contactNumber: payload.contact_number, message: payload.message }, now());
      if ('insufficient' in outcome) {
        const message = t('Insufficient balance. You can withdraw up to {{amount}}.', { amount: money(outcome.insufficient.available) });
        throw validationError({ amount: [message] });
      }
      return c.json({ message: t('Withdrawal requested'), data: { withdraw: withdrawDto(outcome.withdrawal) } }, 201);
    })
    .get('/statement', requireSeller(), validQuery(paginationQuery()), async (c) => {
      const db = c.var.db;
      const id = shopId(c);
      const [{ total, rows }, balance] = await Promise.all([statementPage(db, id, limitOffset(c.req.valid('query'))), ledgerBalance(db, id)]);
      const data: StatementDto = {
        total,
        balance: fromMinor(balance),
        entries: rows.map(({ orderCode, gross, commission, net, ...entry }) => ({
          id: entry.id,
          kind: entry.kind,
          amount: fromMinor(entry.amount),
          balance_after: fromMinor(Number(entry.balanceAfter)),
          date: dayMonthYear(entry.createdAt),
          date_iso: entry.createdAt.toISOString(),
          order:
            entry.orderId !== null && orderCode !== null
              ? { id: entry.orderId, order_code: orderCode, gross: fromMinor(gross!), commission: fromMinor(commission!), net: fromMinor(net!) }
              : null,
          withdrawal: entry.withdrawalId !== null ? { id: entry.withdrawalId, bill_no: billNo(entry.withdrawalId) } : null,
        })),
      };
      return c.json({ message: '', data });
    });
}
