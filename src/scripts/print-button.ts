/**
 * The invoice's Print button: shown only once this script runs (without JavaScript the
 * page says to use the browser's own Print command), and opens the print dialog.
 */
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-print]')) {
  button.hidden = false;
  button.addEventListener('click', () => window.print());
}
