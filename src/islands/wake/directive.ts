/**
 * `client:wake="name"`: the island's code loads and hydrates only when it is needed
 * (docs/decisions/019-islands-on-demand.md). Until then its server-rendered HTML stands
 * alone and works without JavaScript (a native <dialog>, a form, a link), and the page
 * downloads none of its code, React included.
 *
 * It wakes on the first interaction inside it (a pointer over or down, focus, a key) or when
 * a script asks for it by name (`wakeIsland` in ./wake.ts), also when asked before this
 * directive ran. Registered in astro.config.mjs; Astro inlines it into the page.
 */
import type { ClientDirective } from 'astro';
import { WAKE_EVENT, wakeRequests } from './names';

const INTERACTIONS = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

const wakeDirective: ClientDirective = (load, options, el) => {
  const name = typeof options.value === 'string' ? options.value : '';
  let woken = false;
  const wake = () => {
    if (woken) return;
    woken = true;
    for (const type of INTERACTIONS) el.removeEventListener(type, wake);
    el.removeEventListener(WAKE_EVENT, wake);
    document.removeEventListener(WAKE_EVENT, onRequest);
    void load().then((hydrate) => hydrate());
  };
  const onRequest = (event: Event) => {
    if ((event as CustomEvent<string>).detail === name) wake();
  };
  for (const type of INTERACTIONS) el.addEventListener(type, wake, { passive: true });
  // `el.dispatchEvent(new Event('island:wake'))` wakes this one island, whatever its name.
  el.addEventListener(WAKE_EVENT, wake);
  document.addEventListener(WAKE_EVENT, onRequest);
  if (wakeRequests().has(name)) wake();
};

export default wakeDirective;
