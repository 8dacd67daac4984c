/**
 * The price of the size and colour chosen (docs/product.md §4.3), shown as the shopper
 * chooses in a card's chooser or on a product page (components/cart/ChoicePrice.astro):
 * lib/price.ts `choicePrice`, the rule the cart prices the line by. Loaded by
 * src/scripts/cart-forms.ts on the first choice.
 */
import type { CurrencyDto } from '../contracts/master';
import { formatPrice } from '../lib/money';
import { pageCurrency } from '../lib/page-currency';
import { choicePrice, type OfferedOptions } from '../lib/price';

type Options = OfferedOptions['sizes'];

/** The page's currency, as the cart tab's host carries it (components/cart/CartTab.astro). */
function currency(): CurrencyDto | null {
  try {
    return JSON.parse(document.querySelector<HTMLElement>('[data-cart-host]')?.dataset.currency ?? 'null') as CurrencyDto | null;
  } catch {
    return null;
  }
}

/** A field's options with their surcharges, and the one chosen (radios or a select alike). */
function field(form: HTMLFormElement, name: 'size' | 'color'): { options: Options; chosen: number | undefined } {
  const controls = [...form.querySelectorAll<HTMLInputElement | HTMLOptionElement>(`input[type="radio"][name="${name}"], select[name="${name}"] option[value]:not([value=""])`)];
  const options = controls.map((control) => ({ id: Number(control.value), price: Number(control.dataset.surcharge ?? 0) }));
  const picked = controls.find((control) => (control instanceof HTMLOptionElement ? control.selected : control.checked));
  const fixed = form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`);
  return { options, chosen: picked ? Number(picked.value) : fixed ? Number(fixed.value) : undefined };
}

const cheapest = (options: Options) => options.reduce<Options[number] | undefined>((low, option) => (low && low.price <= option.price ? low : option), undefined);
const varies = (options: Options) => options.some((option) => option.price !== options[0]!.price);

export function showChoicePrice(form: HTMLFormElement): void {
  let base: { price: number; discount_price: number };
  try {
    base = JSON.parse(form.dataset.choicePrice ?? '') as typeof base;
  } catch {
    return;
  }
  const size = field(form, 'size');
  const color = field(form, 'color');
  // A field not chosen yet counts at its cheapest, and "From" stays while it could cost more.
  const shown = choicePrice(
    { ...base, sizes: size.options, colors: color.options },
    { size: size.chosen ?? cheapest(size.options)?.id, color: color.chosen ?? cheapest(color.options)?.id },
  );
  const from = (size.chosen === undefined && varies(size.options)) || (color.chosen === undefined && varies(color.options));
  const display = pageCurrency(currency());
  const scope = form.closest('[data-choice-scope]') ?? form;
  for (const target of scope.querySelectorAll<HTMLElement>('[data-choice-shown]')) {
    const set = (selector: string, text: string, visible: boolean, holder?: (element: HTMLElement) => HTMLElement | null) => {
      const element = target.querySelector<HTMLElement>(selector);
      if (!element) return;
      element.textContent = text;
      const shownElement = holder ? holder(element) : element;
      if (shownElement) shownElement.hidden = !visible;
    };
    const fromLabel = target.querySelector<HTMLElement>('[data-choice-from]');
    if (fromLabel) fromLabel.hidden = !from;
    set('[data-choice-current]', formatPrice(shown.current, display), true);
    set('[data-choice-was]', shown.was === null ? '' : formatPrice(shown.was, display), shown.was !== null, (element) => element.closest('s'));
    set('[data-choice-percentage]', String(shown.percentage), shown.percentage > 0, (element) => element.parentElement);
  }
}
