/**
 * The add-to-cart, buy-now and heart forms of product cards and pages work without
 * JavaScript (POST /cart, back with a message). Here, one delegated listener sends them
 * through the cart and auth stores instead and shows the cart toasts; that code loads on
 * the first submit, so browsing pages carry only this listener.
 */

const loadActions = () => import('./cart-form-actions');

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches('form[data-cart-form]')) return;
  // A form handed back to the browser after its script failed to load.
  if (form.dataset.cartNative === 'true') return;
  event.preventDefault();
  const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
  loadActions()
    .then(({ submitCartForm }) => submitCartForm(form, submitter))
    .catch(() => {
      // Without its code the form still works the way it does without JavaScript.
      form.dataset.cartNative = 'true';
      form.requestSubmit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null);
    });
});

// The price of the size and colour chosen in a card's chooser or on a product page
// (components/cart/ChoicePrice.astro); its code loads on the first choice.
document.addEventListener('change', (event) => {
  const form = (event.target as Element | null)?.closest?.<HTMLFormElement>('form[data-choice-price]');
  if (form) void import('./choice-price').then(({ showChoicePrice }) => showChoicePrice(form)).catch(() => undefined);
});

// Escape closes a card's chooser (components/cart/CardChooser.astro), focus back on its button.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const chooser = (event.target as Element | null)?.closest?.<HTMLDetailsElement>('details[data-card-chooser][open]');
  if (!chooser) return;
  chooser.open = false;
  chooser.querySelector('summary')?.focus();
});
