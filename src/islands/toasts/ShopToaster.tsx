import { Toaster } from 'sonner';
import { MAX_TOASTS, TOAST_DURATION_MS, toastPosition } from '../../lib/notify';

export interface ToasterLabels {
  /** Each toast's close button. */
  close: string;
  /** The toast region's landmark ("Notifications"; sonner appends its Alt+T shortcut). */
  notifications: string;
}

interface Props {
  direction: 'ltr' | 'rtl';
  labels: ToasterLabels;
  /** A dialog's own toaster (lib/notify.ts setToastLayer). */
  id?: string;
  /** Where the toasts go instead of the page's corner (the cart drawer's, below its header). */
  placement?: 'page' | 'drawer';
}

/**
 * The one way a toaster is set up (docs/product.md §4.8, §9.4): 5 s, at most 20, in the page's
 * language and direction, dismissed by a swipe sideways of 60 % of a toast's width (sonner's
 * own threshold is rewritten at build: src/islands/toasts/swipe-threshold.mjs).
 *
 * The page's toasts sit at the bottom of the inline start (bottom-left, bottom-right in
 * right-to-left pages), where no control is: the user menu, cart and wishlist are at the top
 * end, the cart drawer and the checkout's order summary at the end. A drawer's toasts go
 * under its header, so its title, close button and checkout button stay uncovered; on a wide
 * screen, centred, that is beside the drawer rather than on it.
 */
export default function ShopToaster({ direction, labels, id, placement = 'page' }: Props) {
  const drawer = placement === 'drawer';
  return (
    <Toaster
      id={id}
      position={drawer ? 'top-center' : toastPosition(direction)}
      offset={drawer ? { top: DRAWER_HEADER_OFFSET } : undefined}
      mobileOffset={drawer ? { top: DRAWER_HEADER_OFFSET } : undefined}
      dir={direction}
      duration={TOAST_DURATION_MS}
      visibleToasts={MAX_TOASTS}
      swipeDirections={['left', 'right']}
      containerAriaLabel={labels.notifications}
      toastOptions={{ closeButtonAriaLabel: labels.close }}
      richColors
      closeButton
    />
  );
}

/** The cart drawer's header (title and close button, about 3.5rem) and a little air. */
const DRAWER_HEADER_OFFSET = '4.25rem';
