import { toast } from 'sonner';
import { ISLANDS, wakeIsland } from '../islands/wake/wake';

/** docs/product.md §9.4: toasts last 5000 ms by default (the cart and login toasts, 3000 ms, come with them). */
export const TOAST_DURATION_MS = 5000;
export const MAX_TOASTS = 20;

/**
 * Where the page's toasts sit (docs/product.md §4.8, §8.3): at the bottom of the inline
 * start, bottom-right in right-to-left pages and bottom-left otherwise, clear of the
 * controls at the top end (user menu, cart) and of the cart drawer and order summary at the end.
 */
export function toastPosition(direction: string): 'bottom-right' | 'bottom-left' {
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

let toasterReady = false;
const waiting: (() => void)[] = [];

/**
 * The page's toaster (islands/toasts/Toasts.tsx) is mounted and listening. It loads on
 * demand (`client:wake`): toasts asked for before then wait here, since sonner shows only
 * the toasts published after its <Toaster> subscribed.
 */
export function toasterMounted(): void {
  toasterReady = true;
  for (const show of waiting.splice(0)) show();
}

/** Shows a toast now if a toaster listens (the page's, or a dialog's layer), else once the page's has loaded. */
export function whenToasterReady(show: () => void): void {
  if (toasterReady || layer !== undefined) {
    show();
    return;
  }
  waiting.push(show);
  wakeIsland(ISLANDS.toasts);
}

export function notifyError(message: string): void {
  whenToasterReady(() => toast.error(message, { toasterId: layer }));
}

/** A success toast; `durationMs` for the shorter ones of §9.4 (login, 3000 ms). */
export function notifySuccess(message: string, durationMs?: number): void {
  if (message) whenToasterReady(() => toast.success(message, { toasterId: layer, ...(durationMs ? { duration: durationMs } : {}) }));
}
