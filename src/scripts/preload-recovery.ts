/**
 * When a page file or island chunk fails to load (a deploy replaced it, or the network
 * dropped), reload once; if it fails again, say so instead of reloading forever.
 */
const KEY = 'preload-reloaded-at';
const WINDOW_MS = 60_000;

export function setUpPreloadRecovery(message: string): void {
  const recover = (event: Event) => {
    event.preventDefault();
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last > WINDOW_MS) {
      sessionStorage.setItem(KEY, String(Date.now()));
      window.location.reload();
      return;
    }
    showBanner(message);
  };
  window.addEventListener('vite:preloadError', recover);
  window.addEventListener('astro:hydration-error', recover);
}

function showBanner(message: string): void {
  if (document.getElementById('preload-error')) return;
  const banner = document.createElement('div');
  banner.id = 'preload-error';
  banner.setAttribute('role', 'alert');
  banner.className = 'fixed inset-x-0 bottom-0 z-50 bg-red-700 px-4 py-3 text-center text-sm text-white';
  banner.textContent = message;
  document.body.append(banner);
}
