/** The favourite calls' payload (the API reference's POST /favorite-add-or-remove). No server imports. */
import { z } from 'zod';

export const FavoritePayload = z.strictObject({
  product_id: z.coerce.number({ error: 'The {{attribute}} field must be a number.' }).int().min(1).max(2_147_483_647),
});
