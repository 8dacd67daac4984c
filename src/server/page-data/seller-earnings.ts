import { WITHDRAW_FORM_FIELDS, type StatementDto, type StatementEntryDto, type WalletDto, type WithdrawDto, type WithdrawHistoryDto } from '../../contracts/seller-earnings';
import { MAX_PER_PAGE, pageNumber } from '../../lib/pagination';
import { apiGet, apiPost } from '../pages/page-api';
import { apiCall, refusedWith } from './api';
import { postedForm, sessionToken } from './forms';
import { page, redirect, type PageOutcome, type PageRequest } from './outcome';
import { sellerPageRedirect } from './seller-access';

/**
 * `/shop/earnings` (docs/decisions/017-sellers.md, "Earnings"): the wallet, the ledger's
 * statement and the withdrawals, from the seller API as the signed-in owner. The withdrawal
 * form posts here and works without JavaScript: a request goes to POST
 * /seller/wallet/withdraw, a refusal comes back as the form's field errors (422), a
 * request taken redirects (303) with a flash message.
 */
export const STATEMENT_PER_PAGE = 20;
export const HISTORY_PER_PAGE = 10;

export interface WithdrawFormState {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  /** Why the whole form was refused (not a field's error). */
  failure: string | null;
}

export interface SellerEarningsPage {
  wallet: WalletDto;
  statement: StatementDto;
  statementPage: number;
  history: WithdrawHistoryDto;
  historyPage: number;
  form: WithdrawFormState;
  status: number;
}

const token = (req: PageRequest) => ({ ...apiCall(req), token: sessionToken(req) });

async function submitWithdrawal(req: PageRequest): Promise<{ done: string } | { form: WithdrawFormState; status: number }> {
  const posted = await postedForm(req.request);
  const values = Object.fromEntries(WITHDRAW_FORM_FIELDS.map((name) => [name, String(posted.get(name) ?? '')]));
  try {
    const { message } = await apiPost<{ withdraw: WithdrawDto }>('/seller/wallet/withdraw', { ...token(req), body: values });
    return { done: message };
  } catch (error) {
    const refusal = refusedWith(error, 409, 422, 429);
    return refusal.status === 422
      ? { form: { values, errors: refusal.errors ?? {}, failure: null }, status: 422 }
      : { form: { values, errors: {}, failure: refusal.message }, status: refusal.status };
  }
}

export async function loadSellerEarnings(req: PageRequest): Promise<PageOutcome<SellerEarningsPage>> {
  const away = sellerPageRedirect(req);
  if (away) return away;
  let form: WithdrawFormState = { values: {}, errors: {}, failure: null };
  let status = 200;
  if (req.request.method === 'POST') {
    const outcome = await submitWithdrawal(req);
    if ('done' in outcome) return redirect('/shop/earnings', { type: 'success', message: outcome.done });
    ({ form, status } = outcome);
  }
  const statementPage = pageNumber(req.url.searchParams.get('page'));
  const historyPage = pageNumber(req.url.searchParams.get('history_page'));
  const [wallet, statement, history] = await Promise.all([
    apiGet<WalletDto>('/seller/wallet', token(req)),
    apiGet<StatementDto>(`/seller/statement?page=${statementPage}&per_page=${STATEMENT_PER_PAGE}`, token(req)),
    apiGet<WithdrawHistoryDto>(`/seller/wallet/history?page=${historyPage}&per_page=${HISTORY_PER_PAGE}`, token(req)),
  ]);
  return page({ wallet, statement, statementPage, history, historyPage, form, status });
}

/**
 * A cell as a spreadsheet must not run it: text starting with = + - @ (or a tab or return)
 * is prefixed with ', and quoted. An amount we wrote ("-25.00") stays a number: it is no
 * formula, and a spreadsheet must be able to add it up.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== String(value) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CSV_COLUMNS = ['date', 'kind', 'reference', 'amount', 'balance_after', 'order_gross', 'order_commission', 'order_net'] as const;

function csvRow(entry: StatementEntryDto): string {
  const reference = entry.order?.order_code ?? entry.withdrawal?.bill_no ?? '';
  const cells = [
    entry.date_iso,
    entry.kind,
    reference,
    entry.amount.toFixed(2),
    entry.balance_after.toFixed(2),
    entry.order?.gross.toFixed(2) ?? '',
    entry.order?.commission.toFixed(2) ?? '',
    entry.order?.net.toFixed(2) ?? '',
  ];
  return cells.map(csvCell).join(',');
}

/**
 * `/shop/earnings/statement.csv`: the whole statement, newest first, for the shop's owner
 * only (the same guard as the dashboard's pages): a CSV file to download.
 */
export async function loadStatementCsv(req: PageRequest): Promise<PageOutcome<{ filename: string; csv: string }>> {
  const away = sellerPageRedirect(req);
  if (away) return away;
  const lines: string[] = [CSV_COLUMNS.join(',')];
  for (let current = 1; ; current++) {
    const statement = await apiGet<StatementDto>(`/seller/statement?page=${current}&per_page=${MAX_PER_PAGE}`, token(req));
    lines.push(...statement.entries.map(csvRow));
    if (current * MAX_PER_PAGE >= statement.total || statement.entries.length === 0) break;
  }
  return page({ filename: `statement-${new Date().toISOString().slice(0, 10)}.csv`, csv: `${lines.join('\r\n')}\r\n` });
}
