/**
 * The seller's notifications (`/api/seller/notifications`, the page `/shop/notifications`,
 * docs/decisions/017-sellers.md): what the shop is told about, in the reader's language.
 * No server imports.
 */
import { z } from 'zod';
import type { SellerNotificationType } from './seller';
import { recordId } from './numbers';
import { OptionalFlag } from './flag';
import { paginationFields } from '../lib/pagination';

export interface SellerNotificationDto {
  id: number;
  type: SellerNotificationType;
  /** Translated into the request's language, placeholders filled. */
  title: string;
  message: string;
  /** The dashboard page it leads to, or null. */
  url: string | null;
  /** How long ago, in the request's language ("2 hours ago"). */
  created_at: string;
  created_at_iso: string;
  is_read: boolean;
}

export interface SellerNotificationList {
  total: number;
  /** The shop's unread notifications in all (whatever the filter). */
  unread: number;
  /** Unread first, then newest. */
  notification: SellerNotificationDto[];
}

export const SellerNotificationListQuery = z.strictObject({ ...paginationFields(), is_read: OptionalFlag });
export const NotificationIdParams = z.strictObject({ id: recordId() });
