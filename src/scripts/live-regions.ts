/**
 * Parts of a signed-in page that follow live events (docs/decisions/020-support-and-live-updates.md):
 * an element with an `id` and `data-live-region="ticket:ABC123"` (or `order:42`, or
 * `ticket:*` for a list) is replaced by the element of the same id in the server's fresh
 * rendering of the same page when an event of that kind and subject arrives on
 * `GET /api/live`. The page keeps working without this:
 * the server rendered it whole, and a reload shows the same.
 *
 * The stream reconnects by itself after a drop (the browser sends Last-Event-ID, so the
 * server sends what was missed). When the browser gives up (the server answered an error,
 * e.g. 503 while the database restarts) a new stream starts after the last event seen.
 * The page is fetched once when the first stream opens: whatever changed between the
 * page's rendering and the stream's start is shown too.
 */
import { LIVE_READY_EVENT, LIVE_EVENT_KINDS, type LiveEventDto } from '../contracts/live';

const REGION = '[data-live-region][id]';
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

const matches = (region: string, event: LiveEventDto) =>
  region.split(/\s+/).some((wanted) => {
    const [kind, subject] = wanted.split(':');
    return event.kind.startsWith(`${kind}.`) && (subject === '*' || subject === event.subject);
  });

let refreshing: Promise<void> | null = null;
let again = false;

/** Fetches this page again and swaps each live region for its fresh copy; one fetch at a time. */
function refresh(): void {
  if (refreshing) {
    again = true;
    return;
  }
  refreshing = (async () => {
    do {
      again = false;
      const response = await fetch(window.location.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok) return;
      const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
      for (const region of document.querySelectorAll<HTMLElement>(REGION)) {
        const next = region.id ? fresh.getElementById(region.id) : null;
        if (next && next.innerHTML !== region.innerHTML) region.replaceWith(document.importNode(next, true));
      }
      document.dispatchEvent(new CustomEvent('live:refreshed'));
    } while (again);
  })()
    .catch(() => undefined)
    .finally(() => {
      refreshing = null;
    });
}

function follow(): void {
  let lastId: number | null = null;
  let failures = 0;
  let opened = false;

  const connect = () => {
    const source = new EventSource(lastId === null ? '/api/live' : `/api/live?since=${lastId}`);
    source.addEventListener(LIVE_READY_EVENT, (message) => {
      failures = 0;
      document.documentElement.dataset.live = 'open';
      if (lastId === null) lastId = Number((JSON.parse((message as MessageEvent<string>).data) as { last_id: number }).last_id);
      if (!opened) refresh();
      opened = true;
    });
    const onEvent = (message: Event) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as LiveEventDto;
      lastId = event.id;
      const regions = [...document.querySelectorAll<HTMLElement>(REGION)].map((region) => region.dataset.liveRegion ?? '');
      if (regions.some((region) => matches(region, event))) refresh();
    };
    for (const kind of Object.values(LIVE_EVENT_KINDS)) source.addEventListener(kind, onEvent);
    source.onerror = () => {
      document.documentElement.dataset.live = 'reconnecting';
      if (source.readyState !== EventSource.CLOSED) return;
      // The browser gave up (an error answer): try again, a little later each time.
      const delay = RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!;
      setTimeout(connect, delay);
    };
  };
  connect();
}

if (document.querySelector(REGION) && 'EventSource' in window) follow();
