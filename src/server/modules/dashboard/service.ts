import type { Db } from '../../db';
import { listRecentlyViewed } from '../activity/service';
import { recentOrders, statusWiseOrders } from '../orders/service';
import { readWallet } from '../wallet/service';
import type { DashboardDto } from '@/contracts/dashboard';

/**
 * A shopper's account at a glance (the dashboard's overview): counts of orders by status
 * and the latest orders as GET /orders gives them (orders/service.ts), recently viewed
 * products and the wallet. Only the owner's id reaches these.
 */

/** How many of each list the dashboard shows. */
const RECENT_ORDERS = 5;
const RECENTLY_VIEWED = 10;
const TRANSACTIONS = 5;

/** The signed-in shopper's overview; null when the user is gone. */
export async function readDashboard(db: Db, userId: number, locale: string): Promise<DashboardDto | null> {
  const [counts, latest, viewed, wallet] = await Promise.all([
    statusWiseOrders(db, userId),
    recentOrders(db, userId, RECENT_ORDERS),
    listRecentlyViewed(db, userId, locale, RECENTLY_VIEWED),
    readWallet(db, userId, { page: 1, per_page: TRANSACTIONS }),
  ]);
  if (!wallet) return null;
  return {
    status_wise_orders: counts,
    recent_orders: latest,
    recently_viewed: viewed,
    wallet: wallet.wallet,
    transactions: wallet.transactions,
    total_transactions: wallet.total,
  };
}
