/** The favourite calls' payload (the API reference's POST /favorite-add-or-remove). No server imports. */
import { z } from 'zod';
import { recordId } from './numbers';

export const FavoritePayload = z.strictObject({
  product_id: recordId(),
});
