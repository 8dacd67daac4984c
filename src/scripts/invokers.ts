/**
 * `commandfor`/`command` buttons open and close dialogs natively in current browsers
 * (Invoker Commands), even before any script runs. This fills in for older ones and
 * returns focus to the opener when a dialog closes.
 */
const supportsInvokers = 'command' in HTMLButtonElement.prototype;

export function setUpInvokers(): void {
  setUpMenusGivingWay();
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[commandfor]');
    if (!button) return;
    const dialog = document.getElementById(button.getAttribute('commandfor') ?? '');
    if (!(dialog instanceof HTMLDialogElement)) return;
    const command = button.getAttribute('command');
    if (command === 'show-modal') rememberOpener(dialog, button);
    if (supportsInvokers) return;
    if (command === 'show-modal' && !dialog.open) dialog.showModal();
    if (command === 'close') dialog.close();
  });
  // A click on the backdrop (outside the dialog box) closes it, like Escape does.
  document.addEventListener('click', (event) => {
    const target = event.target;
    if (target instanceof HTMLDialogElement && target.open) {
      const box = target.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) target.close();
    }
  });
}

const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

function rememberOpener(dialog: HTMLDialogElement, opener: HTMLElement): void {
  openers.set(dialog, opener);
  dialog.addEventListener(
    'close',
    () => {
      // Not when the dialog gave way to another one: focus is in that one now.
      if (opener.isConnected && !document.querySelector('dialog:modal')) opener.focus();
    },
    { once: true },
  );
}

/**
 * A menu (`dialog[data-gives-way]`, the phone's slide-out menu) closes when it opens
 * another dialog (the login dialog, the logout confirmation), rather than staying open
 * behind it; focus goes back to the menu's opener first, so that it returns there when the
 * new dialog closes. `beforetoggle` runs before the new dialog opens and records its
 * opener, whoever opens it (an invoker, an island).
 */
function setUpMenusGivingWay(): void {
  document.addEventListener(
    'beforetoggle',
    (event) => {
      const opening = event.target;
      if (!(opening instanceof HTMLDialogElement) || (event as ToggleEvent).newState !== 'open') return;
      for (const menu of document.querySelectorAll<HTMLDialogElement>('dialog[data-gives-way][open]')) {
        if (menu === opening || menu.contains(opening)) continue;
        menu.close();
        openers.get(menu)?.focus();
      }
    },
    true,
  );
}
