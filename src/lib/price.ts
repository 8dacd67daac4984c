/**
 * The price rule: what one unit of a product costs and what a line of them totals
 * (docs/product.md §4.3). The one place it is written: product cards and pages,
 * the seed, the cart and order placement all price through `priceProduct`. The
 * database keeps the same rule for sorting and filtering (products.effective_price,
 * products.discount_percentage and catalog/sale-prices.ts); catalog/price-agreement.test.ts
 * proves they agree with this module.
 *
 * Amounts are integer minor units (cents), as stored; `fromMinor` turns them into the
 * API's decimals. No database imports: islands use it too.
 */
import type { CartGroupDto } from '../contracts/cart.ts';
import { fromMinor, toMinor } from './money.ts';

/** A product's own prices (products.price, products.discount_price), minor units. */
export interface ProductPrices {
  price: number;
  /** Wins over `price` when above 0. */
  discountPrice: number;
}

/** A flash sale's offer on a product: flash_sale_products with its flash_sales row. */
export interface FlashOffer {
  /** The sale price, minor units. */
  price: number;
  /** Units offered at the sale price (its allocation) and units already sold at it. */
  quantity: number;
  sold: number;
  /** The sale's window and switch. */
  startDate: Date;
  endDate: Date;
  isActive: boolean;
}

export interface PriceChoice<O extends FlashOffer = FlashOffer> {
  /** Offers of the flash sales the product is in, running or not: the rule picks. */
  offers?: readonly O[] | undefined;
  /** Surcharges of the chosen size and colour (product_sizes.price, product_colors.price). */
  sizeSurcharge?: number | undefined;
  colorSurcharge?: number | undefined;
  /** Units on the line; 1 prices a single unit. */
  quantity?: number | undefined;
  /**
   * Units of the product the cart takes at once, its lines in every size and colour
   * together (at least `quantity`, which it defaults to): an offer prices them only while
   * its allocation covers them all, so two lines of one product never count on the same units.
   */
  productUnits?: number | undefined;
  /** When the price is asked for; decides which sales run. */
  now?: Date | undefined;
}

export type PriceSource = 'price' | 'discount' | 'flash_sale';

export interface ProductPrice<O extends FlashOffer = FlashOffer> {
  /** One unit as the shopper pays it, surcharges included. */
  unit: number;
  /** One unit at the regular price (products.price plus surcharges): shown struck through when `unit` is lower. */
  regular: number;
  /** The API's discount_price: `unit` when a discount or a flash-sale offer sets it, else 0. */
  discountPrice: number;
  /** Whole percent `unit` takes off `regular`; 0 when nothing is taken off. */
  discountPercentage: number;
  /** What set `unit`. */
  source: PriceSource;
  /** The offer that set `unit`: the line takes `quantity` units of its allocation. */
  offer: O | null;
  quantity: number;
  /** The line total, `unit × quantity` (docs/product.md §4.3: the sum of price times quantity). */
  total: number;
  /** What the line saves on its regular price, `(regular − unit) × quantity`; 0 when `unit` is not lower. */
  saving: number;
}

/** Whether a flash sale runs at `now`: switched on, between its dates (the end excluded). */
export function saleIsRunning(offer: Pick<FlashOffer, 'isActive' | 'startDate' | 'endDate'>, now: Date): boolean {
  return offer.isActive && offer.startDate.getTime() <= now.getTime() && now.getTime() < offer.endDate.getTime();
}

/** Units still offered at the sale price. */
export function allocationLeft(offer: Pick<FlashOffer, 'quantity' | 'sold'>): number {
  return Math.max(0, offer.quantity - offer.sold);
}

/**
 * Whole percent `paid` takes off `regular`, rounded half up (as the database's round()
 * of products.discount_percentage); 0 when nothing is taken off. Integer arithmetic, so
 * a .5 is never a float's 0.49999.
 */
export function discountPercentage(regular: number, paid: number): number {
  if (paid <= 0 || regular <= 0 || paid >= regular) return 0;
  return Math.floor((200 * (regular - paid) + regular) / (2 * regular));
}

/**
 * What a product costs, for a line of `quantity` units with the chosen size and colour.
 *
 * 1. The discount price when above 0, else the price (docs/product.md §4.3). A discount price above
 *    the price still wins, as the spec says; it is then not shown as a saving.
 * 2. A flash-sale offer replaces it while the sale runs and its allocation lasts for the
 *    whole line (allocation left ≥ quantity), and for the product's other lines of the cart
 *    with it (`productUnits`). The line is never split between two
 *    prices, so its unit price times quantity is still its total (docs/product.md §4.3); checkout
 *    counts the line's units against the allocation.
 * 3. Choice: an offer wins only when it is below the price of step 1. A flash sale is a
 *    promotion; a seller who later discounts the product below the offer must not see
 *    the "sale" charge shoppers more, and shoppers never pay more during a sale than
 *    outside it. An offer that does not win does not price the line and uses none of
 *    its allocation (`offer` is null, and product pages do not advertise it). With the
 *    product in two running sales, the lowest offer wins.
 * 4. Size and colour surcharges add to the unit price, and to the regular price.
 */
export function priceProduct<O extends FlashOffer = FlashOffer>(product: ProductPrices, choice: PriceChoice<O> = {}): ProductPrice<O> {
  const quantity = choice.quantity ?? 1;
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`A line holds at least one whole unit, got ${quantity}`);
  const surcharges = (choice.sizeSurcharge ?? 0) + (choice.colorSurcharge ?? 0);

  let base = product.price;
  let source: PriceSource = 'price';
  if (product.discountPrice > 0) {
    base = product.discountPrice;
    source = 'discount';
  }
  const now = choice.now ?? new Date();
  const allocationNeeded = Math.max(quantity, choice.productUnits ?? quantity);
  let offer: O | null = null;
  for (const candidate of choice.offers ?? []) {
    if (!saleIsRunning(candidate, now) || allocationLeft(candidate) < allocationNeeded) continue;
    if (candidate.price < (offer?.price ?? base)) offer = candidate;
  }
  if (offer) {
    base = offer.price;
    source = 'flash_sale';
  }

  const unit = base + surcharges;
  const regular = product.price + surcharges;
  return {
    unit,
    regular,
    discountPrice: source === 'price' ? 0 : unit,
    discountPercentage: discountPercentage(regular, unit),
    source,
    offer,
    quantity,
    total: unit * quantity,
    saving: Math.max(0, regular - unit) * quantity,
  };
}

/** How a priced card or cart item is shown, in the API's decimal amounts. */
export interface ShownPrice {
  /** The price paid. */
  current: number;
  /** The regular price, struck through; null when nothing is taken off. */
  was: number | null;
  /** The "n% OFF" badge; 0 for none. */
  percentage: number;
}

/** A line of them as shown: its unit as `ShownPrice` says, and the line total. */
export interface ShownLine extends ShownPrice {
  /** `current × quantity`, multiplied in cents: never a float's 59.97000000000001. */
  total: number;
}

/**
 * A card, cart item or order line as the API sends it (price and discount_price already
 * priced by `priceProduct` on the server, flash-sale offers included) as pages show it, for
 * `quantity` units. Pages, islands and stores show a line's price and total through this,
 * never by multiplying the decimals themselves.
 */
export function shownLine(item: { price: number; discount_price: number }, quantity: number): ShownLine {
  const priced = priceProduct({ price: toMinor(item.price), discountPrice: toMinor(item.discount_price) }, { quantity });
  const saving = priced.unit < priced.regular;
  return { current: fromMinor(priced.unit), was: saving ? fromMinor(priced.regular) : null, percentage: priced.discountPercentage, total: fromMinor(priced.total) };
}

/** One unit of a card or cart item as pages show it (`shownLine` of one unit). */
export function shownPrice(item: { price: number; discount_price: number }): ShownPrice {
  const { current, was, percentage } = shownLine(item, 1);
  return { current, was, percentage };
}

/** The sizes and colours a card or product page offers, with their surcharges in the API's decimals. */
export interface OfferedOptions {
  sizes: readonly { id: number; price: number }[];
  colors: readonly { id: number; price: number }[];
}

/** The size and colour a shopper chose, by id; none chosen adds nothing. */
export interface OptionChoice {
  size?: number | null | undefined;
  color?: number | null | undefined;
}

/**
 * One unit of a card or product page (priced by the server without options) with the
 * chosen size's and colour's surcharges, through `priceProduct`: the unit price the cart
 * holds for that choice (docs/product.md §4.3), shown before the shopper adds it.
 */
export function choicePrice(item: { price: number; discount_price: number } & OfferedOptions, choice: OptionChoice): ShownPrice {
  const surcharge = (options: OfferedOptions['sizes'], id: number | null | undefined) => toMinor(options.find((option) => option.id === id)?.price ?? 0);
  const priced = priceProduct(
    { price: toMinor(item.price), discountPrice: toMinor(item.discount_price) },
    { sizeSurcharge: surcharge(item.sizes, choice.size), colorSurcharge: surcharge(item.colors, choice.color) },
  );
  return { current: fromMinor(priced.unit), was: priced.unit < priced.regular ? fromMinor(priced.regular) : null, percentage: priced.discountPercentage };
}

/**
 * What a card shows before any choice: the cheapest size and colour (a product that comes
 * in one only costs that one's surcharge, since the cart takes it), and whether the choice
 * changes the price ("From …").
 */
export function lowestChoicePrice(item: { price: number; discount_price: number } & OfferedOptions): { shown: ShownPrice; varies: boolean } {
  const cheapest = (options: OfferedOptions['sizes']) =>
    options.reduce<(typeof options)[number] | undefined>((low, option) => (low && low.price <= option.price ? low : option), undefined);
  const differ = (options: OfferedOptions['sizes']) => options.some((option) => option.price !== options[0]!.price);
  return {
    shown: choicePrice(item, { size: cheapest(item.sizes)?.id, color: cheapest(item.colors)?.id }),
    varies: differ(item.sizes) || differ(item.colors),
  };
}

/**
 * What the cart's lines come to (docs/product.md §4.3: the sum of price times quantity, the
 * discount price when above 0): the floating cart tab's amount, rendered by the server and
 * kept by the cart store alike. Cents are summed, so no float drift.
 */
export function cartAmount(groups: readonly CartGroupDto[]): number {
  let cents = 0;
  for (const group of groups) for (const item of group.products) cents += toMinor(shownLine(item, item.quantity).total);
  return fromMinor(cents);
}
