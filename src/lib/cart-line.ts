/**
 * How many units a cart line may hold (docs/product.md §4.4): at least one, never more than
 * the product's stock, the units of a product one order may take (the site setting
 * `order_max_units_per_product`, ADR 010) nor MAX_LINE_QUANTITY. The server enforces it in the statement that
 * writes the line (server/modules/cart/lines.ts); the cart drawer and the cart page read
 * it here to offer "+" only while the server would take one more. No imports: islands use it.
 */

/** The most of one product a line may hold, whatever the stock (a typo of 1000000 is refused). */
export const MAX_LINE_QUANTITY = 999;

/** The most units the line of a product with `stock` units may hold, with the site's per-order limit `maxUnits`. */
export function lineLimit(stock: number, maxUnits: number): number {
  return Math.max(0, Math.min(stock, maxUnits, MAX_LINE_QUANTITY));
}

/**
 * The size (or colour) a line takes of the ones a product comes in (docs/product.md §3.2):
 * the chosen one; the only one when the product comes in one; none when it comes in none.
 * `'choose'` when it comes in several and none was chosen (the shopper must choose: nothing
 * is picked for them), `'invalid'` when the chosen one is not among them.
 */
export function lineOption(offered: readonly number[], chosen: number | null | undefined): number | null | 'choose' | 'invalid' {
  if (chosen !== undefined && chosen !== null) return offered.includes(chosen) ? chosen : 'invalid';
  if (offered.length === 0) return null;
  return offered.length === 1 ? offered[0]! : 'choose';
}

/** Whether a shopper must choose before adding the product: it comes in several sizes or several colours. */
export const needsChoice = (product: { sizes: readonly unknown[]; colors: readonly unknown[] }): boolean => product.sizes.length > 1 || product.colors.length > 1;

/**
 * The shop of the line added last (the highest line id): what a selection nobody has made
 * yet starts with (docs/product.md §4.6), on the cart page and when the drawer opens, as an
 * add selects the shop of what was just added. Null for an empty cart.
 */
export function latestLineShop(groups: readonly { shop_id: number; products: readonly { line_id: number }[] }[]): number | null {
  let latest: { lineId: number; shopId: number } | null = null;
  for (const group of groups) {
    for (const item of group.products) if (!latest || item.line_id > latest.lineId) latest = { lineId: item.line_id, shopId: group.shop_id };
  }
  return latest?.shopId ?? null;
}
