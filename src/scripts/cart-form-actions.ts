/**
 * What src/scripts/cart-forms.ts does with a submitted form, loaded on the first submit:
 * `data-cart-form="add"` adds to the cart (or buys now when the pressed button says
 * is_buy_now=1), `data-cart-form="favorite"` toggles the heart. Field names are the
 * add-to-cart payload's (docs/product.md §3.2).
 */
import { flashNextPage } from '../lib/flash';
import { notifySuccess } from '../lib/notify';
import { addToCart, buyNow, type AddToCartInput } from '../stores/cart';
import { reportCartError, showAddedToast } from '../islands/cart/cart-toasts';
import type { CartToastLabels } from '../islands/cart/labels';
import { toggleFavorite } from '../stores/session';
import { joinStores } from './page-stores';

const ENGLISH: CartToastLabels = {
  added: 'has been added to cart',
  viewInCart: 'View In Cart',
  removed: 'has been remove to cart',
  againAdd: 'Again Add to Cart',
  loginFirst: 'Please login first!',
  close: 'Close',
};

/** The toasts' labels in the page's language (written by the storefront layout). */
function labels(): CartToastLabels {
  const json = document.querySelector<HTMLElement>('[data-cart-labels]')?.dataset.cartLabels;
  try {
    return json ? { ...ENGLISH, ...(JSON.parse(json) as Partial<CartToastLabels>) } : ENGLISH;
  } catch {
    return ENGLISH;
  }
}

/** A positive whole number from a field, or undefined when it is blank or not one. */
function id(value: FormDataEntryValue | null): number | undefined {
  const number = Number(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isInteger(number) && number > 0 ? number : undefined;
}

function addPayload(data: FormData): AddToCartInput | null {
  const productId = id(data.get('product_id'));
  if (!productId) return null;
  return {
    product_id: productId,
    quantity: id(data.get('quantity')) ?? 1,
    size: id(data.get('size')),
    color: id(data.get('color')),
    unit: id(data.get('unit')),
  };
}

/** What is busy while a submit is on its way: a card's button of a shared form (CardForms.astro), else the form. */
const busyControls = new WeakSet<HTMLElement>();

export async function submitCartForm(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  // One request per form (per card on the shared forms) at a time: a second click while the first is on its way does nothing.
  const busy = submitter && !form.contains(submitter) ? submitter : form;
  if (busyControls.has(busy)) return;
  busyControls.add(busy);
  busy.setAttribute('aria-busy', 'true');
  // The badges follow the cart from here on (a newer cart call supersedes the join's refresh).
  void joinStores();
  const text = labels();
  try {
    const data = new FormData(form, submitter);
    if (form.dataset.cartForm === 'favorite') await favorite(data);
    else if (await add(data, text)) closeChooser(form);
  } catch (error) {
    reportCartError(error, text);
  } finally {
    busyControls.delete(busy);
    busy.removeAttribute('aria-busy');
  }
}

/** Adds (or buys now); whether the line went into the cart. */
async function add(data: FormData, text: CartToastLabels): Promise<boolean> {
  const payload = addPayload(data);
  if (!payload) return false;
  if (data.get('is_buy_now') === '1') {
    // docs/product.md §4.6: a buy-now add leaves the cart as it is; /buynow sells the one line.
    await buyNow(payload);
    window.location.assign('/buynow');
    return false;
  }
  const line = await addToCart(payload);
  if (line) showAddedToast(line, text);
  return true;
}

/** A card's chooser (components/cart/CardChooser.astro) closes once its choice is in the cart, focus back on its button. */
function closeChooser(form: HTMLFormElement): void {
  const chooser = form.closest<HTMLDetailsElement>('details[data-card-chooser]');
  if (!chooser?.open) return;
  chooser.open = false;
  chooser.querySelector('summary')?.focus();
}

/** The heart: every heart of the product on the page shows the new state (aria-pressed). */
async function favorite(data: FormData): Promise<void> {
  const productId = id(data.get('product_id'));
  if (!productId) return;
  const { isFavorite, message } = await toggleFavorite(productId);
  if (!isFavorite && window.location.pathname === '/wishlist') {
    // The wishlist lists favourites only: the server renders it again without this one.
    flashNextPage('success', message);
    window.location.reload();
    return;
  }
  for (const heart of document.querySelectorAll(`button[data-heart="${productId}"]`)) heart.setAttribute('aria-pressed', String(isFavorite));
  notifySuccess(message);
}
