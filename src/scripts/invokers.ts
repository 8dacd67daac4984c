/**
 * `commandfor`/`command` buttons open and close dialogs natively in current browsers
 * (Invoker Commands), even before any script runs. This fills in for older ones and
 * returns focus to the opener when a dialog closes.
 */
const supportsInvokers = 'command' in HTMLButtonElement.prototype;

export function setUpInvokers(): void {
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

function rememberOpener(dialog: HTMLDialogElement, opener: HTMLElement): void {
  dialog.addEventListener('close', () => opener.isConnected && opener.focus(), { once: true });
}
