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
