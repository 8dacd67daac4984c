import { Fragment, useState } from 'react';
import type { CartItemDto } from '../../contracts/cart';
import { shownPrice } from '../../lib/price';
import { cart, changeOptions, decrement, increment, removeFromCart, type LineRef, type RemovedProduct } from '../../stores/cart';
import { Amount, Bdi } from '../common/Bdi';
import { reportCartError, showRemovedToast } from './cart-toasts';
import { fill, type CartLabels } from './labels';

export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';
// aria-disabled rather than disabled: a button that turns disabled under the keyboard would drop focus out of the dialog.
const stepButton = `grid h-9 w-9 place-items-center rounded-lg text-lg ring-1 ring-slate-300 hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 ${focusRing}`;

interface Props {
  item: CartItemDto;
  price: (amount: number) => string;
  labels: CartLabels;
}

/** The drawer's title: where focus goes when the focused line leaves the drawer (removed, or merged into another line). */
const focusTitle = (from: HTMLElement) => from.closest('dialog')?.querySelector<HTMLElement>('h2')?.focus();

/**
 * One line of the cart drawer (docs/product.md §2.10): price, size and colour, quantity and
 * removal. A product that comes in several sizes or colours offers them here, each with its
 * surcharge; a change goes to POST /cart/options, which may merge the line into another.
 */
export default function DrawerLine({ item, price, labels }: Props) {
  const [busy, setBusy] = useState(false);
  const shown = shownPrice(item);
  const sizeChoice = item.sizes.length > 1;
  const colorChoice = item.colors.length > 1;
  // What cannot be changed is shown as text; what can is the select's value.
  const fixed = [!sizeChoice && item.size && ([labels.size, item.size.name] as const), !colorChoice && item.color && ([labels.color, item.color.name] as const)].filter(
    (option) => !!option,
  );

  async function run(element: HTMLElement, work: () => Promise<RemovedProduct | void>) {
    if (busy) return;
    setBusy(true);
    try {
      const removed = await work();
      if (removed) {
        // The line and its focused control are gone: focus goes to the drawer's title, not out of the dialog.
        focusTitle(element);
        showRemovedToast(removed, labels);
      }
    } catch (error) {
      reportCartError(error, labels);
    } finally {
      setBusy(false);
    }
  }

  const step = (action: (line: LineRef) => Promise<RemovedProduct>) => (event: { currentTarget: HTMLElement }) => void run(event.currentTarget, () => action(item));

  function choose(field: 'size' | 'color', select: HTMLSelectElement) {
    const id = Number(select.value);
    if (!id) return;
    void run(select, async () => {
      await changeOptions(item, { [field]: id });
      // Merged into another line: this one and its select are going.
      if (!cart.get().products.some((group) => group.products.some((line) => line.line_id === item.line_id))) focusTitle(select);
    });
  }

  return (
    <li className="flex gap-3 p-3" data-cart-line={item.id} data-cart-line-id={item.line_id}>
      <img src={item.thumbnail} alt="" width="64" height="64" loading="lazy" className="h-16 w-16 shrink-0 rounded-lg object-cover" />
      <div className="min-w-0 flex-1 space-y-1">
        {item.brand && (
          <p className="text-xs text-slate-500">
            <Bdi>{item.brand}</Bdi>
          </p>
        )}
        <a href={`/products/${item.id}/details`} className={`line-clamp-2 rounded text-sm font-medium hover:underline ${focusRing}`}>
          <Bdi>{item.name}</Bdi>
        </a>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <Amount text={price(shown.current)} className="font-semibold text-primary-700" data-line-price />
          {shown.was !== null && (
            <s className="text-xs text-slate-500">
              <Amount text={price(shown.was)} />
            </s>
          )}
          {item.discount_percentage > 0 && (
            <span className="rounded bg-primary-600 px-1.5 text-xs font-semibold text-white">
              <Bdi kind="code">{item.discount_percentage}%</Bdi> {labels.off}
            </span>
          )}
        </p>
        {fixed.length > 0 && (
          <p className="text-xs text-slate-600">
            {fixed.map(([label, name], index) => (
              <Fragment key={label}>
                {index > 0 && ' · '}
                {label}: <Bdi>{name}</Bdi>
              </Fragment>
            ))}
          </p>
        )}
        {(sizeChoice || colorChoice) && (
          <div className="flex flex-wrap gap-2 text-xs">
            {sizeChoice && (
              <OptionSelect
                label={labels.size}
                name={fill(labels.sizeOf, { name: item.name })}
                options={item.sizes}
                value={item.size?.id}
                placeholder={labels.chooseSize}
                price={price}
                busy={busy}
                onChange={(select) => choose('size', select)}
              />
            )}
            {colorChoice && (
              <OptionSelect
                label={labels.color}
                name={fill(labels.colorOf, { name: item.name })}
                options={item.colors}
                value={item.color?.id}
                placeholder={labels.chooseColor}
                price={price}
                busy={busy}
                onChange={(select) => choose('color', select)}
              />
            )}
          </div>
        )}
        <div className="flex items-center gap-2 pt-1">
          <button type="button" className={stepButton} aria-disabled={busy} onClick={step(decrement)} aria-label={fill(labels.decrease, { name: item.name })}>
            −
          </button>
          <output className="min-w-8 text-center font-medium" aria-label={labels.quantity} data-quantity>
            {item.quantity}
          </output>
          <button
            type="button"
            className={stepButton}
            aria-disabled={busy || item.quantity >= item.max_quantity}
            onClick={(event) => item.quantity < item.max_quantity && step(increment)(event)}
            aria-label={fill(labels.increase, { name: item.name })}
          >
            +
          </button>
          <button
            type="button"
            aria-disabled={busy}
            onClick={step(removeFromCart)}
            aria-label={fill(labels.removeItem, { name: item.name })}
            className={`ms-auto rounded-lg px-3 py-1.5 text-sm text-red-700 ring-1 ring-red-200 hover:bg-red-50 aria-disabled:opacity-40 ${focusRing}`}
          >
            {labels.remove}
          </button>
        </div>
      </div>
    </li>
  );
}

interface OptionSelectProps {
  label: string;
  /** The accessible name, with the product's ("Size of Linen Shirt"). */
  name: string;
  options: CartItemDto['sizes'];
  value: number | undefined;
  placeholder: string;
  price: (amount: number) => string;
  busy: boolean;
  onChange: (select: HTMLSelectElement) => void;
}

/** A size or colour of the line: every one the product comes in, each with its surcharge. */
function OptionSelect({ label, name, options, value, placeholder, price, busy, onChange }: OptionSelectProps) {
  return (
    <label className="flex items-center gap-1.5 text-slate-600">
      <span aria-hidden="true">{label}</span>
      <select
        aria-label={name}
        value={value ?? ''}
        aria-busy={busy}
        onChange={(event) => {
          if (!busy) onChange(event.currentTarget);
        }}
        className={`rounded-md border border-slate-300 bg-white py-1 ps-2 pe-7 text-xs text-slate-900 ${focusRing}`}
      >
        {value === undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {/* The amount isolated left-to-right (U+2066 … U+2069): an option's text cannot hold an element. */}
            {option.price > 0 ? `${option.name} (\u2066+${price(option.price)}\u2069)` : option.name}
          </option>
        ))}
      </select>
    </label>
  );
}
