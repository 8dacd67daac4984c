/** A toast to show on the next page, for actions that end in a navigation (login, logout). */
export interface Flash {
  type: 'success' | 'error' | 'info';
  message: string;
  /** Shorter than the default (docs/product.md §9.4: the login success toast, 3000 ms). */
  durationMs?: number;
}

const FLASH_KEY = 'flash';

/** docs/product.md §9.4: the login success toast lasts 3000 ms. */
export const LOGIN_TOAST_MS = 3000;

export function flashNextPage(type: Flash['type'], message: string, durationMs?: number): void {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify({ type, message, durationMs }));
}

export function takeFlash(): Flash | null {
  const raw = sessionStorage.getItem(FLASH_KEY);
  sessionStorage.removeItem(FLASH_KEY);
  try {
    return raw ? (JSON.parse(raw) as Flash) : null;
  } catch {
    return null;
  }
}

/** Whether the previous page left a toast for this one (the toasts island then loads at once). */
export function hasFlash(): boolean {
  return sessionStorage.getItem(FLASH_KEY) !== null;
}
