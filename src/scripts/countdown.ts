/**
 * The flash-sale countdowns (components/flash-sale/SaleCountdown.astro) tick each second.
 *
 * The deadline is the earlier of two readings, so a countdown never shows more time than is
 * left: the time left when the server rendered the page, counted from the moment the response
 * arrived (true unless the page came from the page cache, which may be up to its lifetime old),
 * and the target instant on the shopper's clock (true unless that clock is wrong).
 */
import { countdownUnits } from '../lib/countdown';

function renderedAt(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.responseStart || 0;
}

function start(element: HTMLElement): void {
  const fromRender = renderedAt() + Number(element.dataset.remainingMs ?? 0);
  const fromClock = performance.now() + (Date.parse(element.dataset.target ?? '') - Date.now());
  const deadline = Number.isFinite(fromClock) ? Math.min(fromRender, fromClock) : fromRender;
  const cells = Object.fromEntries([...element.querySelectorAll<HTMLElement>('[data-unit]')].map((cell) => [cell.dataset.unit, cell]));
  let shown = -1;
  const update = () => {
    const seconds = Math.max(0, Math.floor((deadline - performance.now()) / 1000));
    if (seconds === shown) return;
    shown = seconds;
    if (seconds === 0) {
      window.clearInterval(timer);
      const done = document.createElement('p');
      done.setAttribute('role', 'status');
      done.className = element.dataset.doneClass ?? '';
      done.textContent = element.dataset.done ?? '';
      element.replaceChildren(done);
      return;
    }
    for (const [unit, value] of Object.entries(countdownUnits(seconds * 1000))) if (cells[unit] && cells[unit].textContent !== value) cells[unit].textContent = value;
  };
  // Checked four times a second so each second shows on time.
  const timer = window.setInterval(update, 250);
  update();
}

for (const element of document.querySelectorAll<HTMLElement>('[data-countdown]')) start(element);
