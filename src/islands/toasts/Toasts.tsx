import { useEffect } from 'react';
import { toast } from 'sonner';
import { takeFlash } from '../../lib/flash';
import { notifyError, toasterMounted } from '../../lib/notify';
import ShopToaster, { type ToasterLabels } from './ShopToaster';

interface Props {
  direction: 'ltr' | 'rtl';
  labels: ToasterLabels;
}

/**
 * The one toast area of the page (docs/product.md §4.8, §8.3, §9.4; islands/toasts/ShopToaster.tsx). It loads when a toast is first asked for (`client:wake`, lib/notify.ts) or when
 * the previous page left one (scripts/shell.ts).
 */
export default function Toasts({ direction, labels }: Props) {
  useEffect(() => {
    // The <Toaster> below subscribed in its own effect, which ran before this one.
    toasterMounted();
    const flash = takeFlash();
    if (!flash) return;
    if (flash.type === 'error') notifyError(flash.message);
    else toast[flash.type](flash.message, flash.durationMs ? { duration: flash.durationMs } : undefined);
  }, []);
  return <ShopToaster direction={direction} labels={labels} />;
}
