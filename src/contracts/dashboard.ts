/** The dashboard contract (GET /dashboard, docs/product.md §2.2): the account overview as the API answers it. No server imports here. */
import type { ProductCardDto } from './catalog';
import type { OrderSummaryDto, StatusWiseOrders } from './order';
import type { WalletPage } from './wallet';

/** GET /dashboard: each part in the shape of its own route (GET /orders, /recently-views, /wallet). */
export interface DashboardDto {
  status_wise_orders: StatusWiseOrders;
  recent_orders: OrderSummaryDto[];
  recently_viewed: ProductCardDto[];
  wallet: WalletPage['wallet'];
  /** The latest wallet transactions, and how many there are in all. */
  transactions: WalletPage['transactions'];
  total_transactions: number;
}
