/** A toast to show on the next page, for actions that end in a navigation (login, logout). */
export interface Flash {
  type: 'success' | 'error' | 'info';
  message: string;
}

const FLASH_KEY = 'flash';

export function flashNextPage(type: Flash['type'], message: string): void {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify({ type, message }));
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
