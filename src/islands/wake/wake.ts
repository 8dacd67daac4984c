import { WAKE_EVENT, wakeRequests } from './names';

/** The islands that load on demand (`client:wake={ISLANDS.x}`), one name each. */
export const ISLANDS = {
  login: 'login',
  toasts: 'toasts',
  cart: 'cart',
} as const;

export type IslandName = (typeof ISLANDS)[keyof typeof ISLANDS];

/**
 * Loads and hydrates the `client:wake` island of that name now (its dialog is to open, a
 * toast to show). Harmless when it is awake already or not on the page; remembered for an
 * island that connects later.
 */
export function wakeIsland(name: IslandName): void {
  if (typeof document === 'undefined') return;
  wakeRequests().add(name);
  document.dispatchEvent(new CustomEvent(WAKE_EVENT, { detail: name }));
}
