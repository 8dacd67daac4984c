import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { takeFlash } from '../../lib/flash';
import { MAX_TOASTS, notifyError, TOAST_DURATION_MS, toasterMounted } from '../../lib/notify';

interface Props {
  direction: 'ltr' | 'rtl';
}

/**
 * The one toast area of the page (docs/product.md §4.8, §8.3, §9.4): default top-right, 5 s,
 * at most 20. It loads when a toast is first asked for (`client:wake`, lib/notify.ts) or when
 * the previous page left one (scripts/shell.ts).
 */
export default function Toasts({ direction }: Props) {
  useEffect(() => {
    // The <Toaster> below subscribed in its own effect, which ran before this one.
    toasterMounted();
    const flash = takeFlash();
    if (!flash) return;
    if (flash.type === 'error') notifyError(flash.message);
    else toast[flash.type](flash.message, flash.durationMs ? { duration: flash.durationMs } : undefined);
  }, []);
  return <Toaster position="top-right" dir={direction} duration={TOAST_DURATION_MS} visibleToasts={MAX_TOASTS} richColors closeButton />;
}
