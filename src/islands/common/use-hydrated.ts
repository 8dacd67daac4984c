import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates server HTML, true afterwards. Persistent stores read local
 * storage at once; showing their values only after hydration keeps the first client
 * render identical to the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
