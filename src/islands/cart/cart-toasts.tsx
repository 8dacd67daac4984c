import { toast } from 'sonner';
import { ApiError } from '../../lib/api-envelope';
import { notifyError, toastLayer, whenToasterReady } from '../../lib/notify';
import { addToCart, needsLogin } from '../../stores/cart';
import { openCartDrawer } from '../../scripts/page-stores';
import type { CartToastLabels } from './labels';

/** docs/product.md §9.4: the cart toasts last 3000 ms. */
export const CART_TOAST_MS = 3000;

interface ToastProduct {
  id: number;
  name: string;
  thumbnail: string;
  /** The removed line's size and colour: Again Add to Cart adds that choice back. */
  size?: { id: number } | null;
  color?: { id: number } | null;
}

/** The cart drawer lives in the storefront layout; elsewhere "View In Cart" goes to the cart page. */
function viewInCart(): void {
  if (document.querySelector('[data-cart-host]')) void openCartDrawer();
  else window.location.assign('/cart');
}

function CartToast({
  id,
  product,
  text,
  action,
  onAction,
  close,
}: {
  id: string | number;
  product: ToastProduct;
  text: string;
  action: string;
  onAction: () => void;
  close: string;
}) {
  return (
    <div className="flex w-[22rem] max-w-[calc(100vw-2rem)] items-center gap-3 rounded-xl bg-white p-3 text-sm text-slate-800 shadow-lg ring-1 ring-slate-200" data-cart-toast>
      {product.thumbnail && <img src={product.thumbnail} alt="" width="48" height="48" className="h-12 w-12 shrink-0 rounded-lg object-cover" />}
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{product.name}</p>
        <p className="text-slate-600">{text}</p>
        <button
          type="button"
          className="mt-1 rounded-md px-2 py-1 text-sm font-medium text-primary-700 ring-1 ring-primary-600 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
          onClick={() => {
            toast.dismiss(id);
            onAction();
          }}
        >
          {action}
        </button>
      </div>
      <button
        type="button"
        aria-label={close}
        className="self-start rounded-md px-1.5 text-lg leading-none text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary-600"
        onClick={() => toast.dismiss(id)}
      >
        ×
      </button>
    </div>
  );
}

/** docs/product.md §2 Toasts: image, name, "has been added to cart", View In Cart opening the drawer. */
export function showAddedToast(product: ToastProduct, labels: CartToastLabels): void {
  whenToasterReady(() =>
    toast.custom((id) => <CartToast id={id} product={product} text={labels.added} action={labels.viewInCart} onAction={viewInCart} close={labels.close} />, {
      duration: CART_TOAST_MS,
      toasterId: toastLayer(),
    }),
  );
}

/** docs/product.md §2 Toasts: image, name, "has been remove to cart", Again Add to Cart re-adding quantity 1 (§9). */
export function showRemovedToast(product: ToastProduct, labels: CartToastLabels): void {
  whenToasterReady(() =>
    toast.custom(
      (id) => <CartToast id={id} product={product} text={labels.removed} action={labels.againAdd} onAction={() => void addAgain(product, labels)} close={labels.close} />,
      { duration: CART_TOAST_MS, toasterId: toastLayer() },
    ),
  );
}

async function addAgain(product: ToastProduct, labels: CartToastLabels): Promise<void> {
  try {
    const line = await addToCart({ product_id: product.id, quantity: 1, size: product.size?.id, color: product.color?.id });
    showAddedToast(line ?? product, labels);
  } catch (error) {
    reportCartError(error, labels);
  }
}

/**
 * A cart, voucher or favourites call failed (docs/product.md §8): no session reads
 * "Please login first!" (the store has signed out and opened the login dialog where the
 * spec says so); anything else shows the server's message.
 */
export function reportCartError(error: unknown, labels: Pick<CartToastLabels, 'loginFirst'>): void {
  if (needsLogin(error)) notifyError(labels.loginFirst);
  else notifyError(error instanceof ApiError ? error.message : String(error));
}
