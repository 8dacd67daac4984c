// @ts-check

/**
 * docs/product.md §9.4: a swipe of 60 % of a toast's width dismisses it. sonner dismisses at
 * a fixed 45 px (or any quick flick) and has no option for it, so the build rewrites that one
 * comparison of its module; a sonner whose code no longer has it stops the build, to be looked at.
 */
export const TOAST_SWIPE_SHARE = 0.6;

const FIXED = 'Math.abs(swipeAmount) >= SWIPE_THRESHOLD || velocity > 0.11';
const SHARE_OF_TOAST = `Math.abs(swipeAmount) >= ${TOAST_SWIPE_SHARE} * (swipeDirection === 'x' ? toastRef.current.offsetWidth : toastRef.current.offsetHeight)`;

/** @returns {import('vite').Plugin} */
export function sonnerSwipeThreshold() {
  return {
    name: 'sonner-swipe-threshold',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id.split('?')[0] ?? '')) return null;
      if (!code.includes(FIXED)) throw new Error('sonner no longer compares a swipe as expected: update src/islands/toasts/swipe-threshold.mjs');
      return { code: code.replace(FIXED, SHARE_OF_TOAST), map: null };
    },
  };
}
