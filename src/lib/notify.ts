import { toast } from 'sonner';

/** docs/product.md §9.4: toasts last 5000 ms by default (the cart and login toasts, 3000 ms, come with them). */
export const TOAST_DURATION_MS = 5000;
export const MAX_TOASTS = 20;

/** docs/product.md §8.3: error toasts sit bottom-right in right-to-left pages, bottom-left otherwise. */
export function errorToastPosition(direction: string): 'bottom-right' | 'bottom-left' {
  return direction === 'rtl' ? 'bottom-right' : 'bottom-left';
}

let layer: string | undefined;

/**
 * While a modal dialog with a toaster of its own (`<Toaster id>`) is open, toasts go to it:
 * the page's toaster is inert under the dialog, its buttons unreachable. `undefined` again
 * when the dialog closes.
 */
export function setToastLayer(id: string | undefined): void {
  layer = id;
}

/** The toaster toasts go to now (sonner's `toasterId`). */
export const toastLayer = () => layer;

export function notifyError(message: string): void {
  toast.error(message, { position: errorToastPosition(document.documentElement.dir), toasterId: layer });
}

/** A success toast; `durationMs` for the shorter ones of §9.4 (login, 3000 ms). */
export function notifySuccess(message: string, durationMs?: number): void {
  if (message) toast.success(message, { toasterId: layer, ...(durationMs ? { duration: durationMs } : {}) });
}
