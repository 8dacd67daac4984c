/**
 * The storefront shell's behaviour: one small deferred module, no render-blocking
 * script. Settings come from data attributes the server writes on <body>.
 */
import { setUpWideOpen } from './wide-open';
import { setUpInvokers } from './invokers';
import { setUpMenus } from './menus';
import { setUpPreloadRecovery } from './preload-recovery';
import { setUpSessionActions } from './session-actions';
import { hasFlash } from '../lib/flash';
import { ISLANDS, wakeIsland } from '../islands/wake/wake';

const settings = document.body.dataset;
setUpPreloadRecovery(settings.preloadMessage ?? 'Something went wrong');
setUpInvokers();
setUpMenus();
setUpWideOpen();
setUpSessionActions({
  locale: settings.locale ?? 'en',
  signedIn: settings.signedIn === 'true',
  logoutMessage: settings.logoutMessage ?? 'Logout successfully',
});
// A toast the previous page left (a login, a logout) is shown at once.
if (hasFlash()) wakeIsland(ISLANDS.toasts);
