/** The wallet contract (docs/product.md §3.5 User wallet; GET /wallet): the balance and its statement as the API answers them. No server imports here. */

/** Which way money moved; the database keeps the same names. */
export const WALLET_TRANSACTION_TYPES = ['credit', 'debit'] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

export interface WalletTransactionDto {
  id: number;
  type: WalletTransactionType;
  /** Always positive; `type` says which way it went. */
  amount: number;
  balance_after: number;
  /** Why: "Welcome bonus", "Refund for order #...": English source text. */
  purpose: string;
  reference: string | null;
  created_at: string;
}

export interface WalletPage {
  wallet: { balance: number };
  total: number;
  transactions: WalletTransactionDto[];
}
