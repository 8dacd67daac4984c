/** The favourite calls' payload (docs/product.md §7.4 POST /favorite-add-or-remove). No server imports. */
import { z } from 'zod';
import { recordId } from './numbers';

export const FavoritePayload = z.strictObject({
  product_id: recordId(),
});
