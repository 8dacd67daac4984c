import type { ReactNode } from 'react';
import type { AddressDto } from '../../contracts/address';
import { hasRegion, postalLines } from '../../lib/postal-address';
import { Bdi } from '../common/Bdi';
import type { CheckoutLabels } from './labels';

interface Props {
  addresses: AddressDto[];
  addressId: number | null;
  labels: CheckoutLabels;
  onChoose: (address: AddressDto) => void;
  /** The "Add New Address" form (components/checkout/NewAddress.astro), server-rendered. */
  children?: ReactNode;
}

/**
 * The shipping address block (docs/product.md §4.6 "the default address becomes the checkout
 * address, else the first"): the shopper's addresses as choices of the order form
 * (form="place-order"), then the form adding a new one in place.
 */
export default function AddressChoice({ addresses, addressId, labels, onChoose, children }: Props) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="checkout-address">
      <h2 id="checkout-address" className="mb-3 text-lg font-semibold text-slate-900">
        {labels.shippingAddress}
      </h2>
      {addresses.length > 0 && (
        <fieldset>
          <legend className="sr-only">{labels.shippingAddress}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {addresses.map((address) => (
              <label
                key={address.id}
                className="flex cursor-pointer gap-3 rounded-lg p-3 text-sm ring-1 ring-slate-300 has-checked:ring-2 has-checked:ring-primary-600"
                data-checkout-address={address.id}
              >
                <input
                  type="radio"
                  form="place-order"
                  name="address_id"
                  value={address.id}
                  defaultChecked={address.id === addressId}
                  onChange={() => onChoose(address)}
                  className="mt-1 h-4 w-4 text-primary-600"
                />
                <span>
                  <Bdi className="font-semibold text-slate-900">{address.name}</Bdi>
                  <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs">{labels.addressTypes[address.address_type]}</span>
                  {address.is_default && <span className="ms-1 rounded-full bg-primary-100 px-2 py-0.5 text-xs text-primary-800">{labels.defaultAddress}</span>}
                  <span className="mt-1 block text-slate-700" data-checkout-address-lines>
                    <Bdi>{postalLines(address).join(', ')}</Bdi>
                  </span>
                  <span className="block text-slate-600">
                    <Bdi kind="code">{address.phone}</Bdi>
                  </span>
                  {!hasRegion(address) && (
                    <a href={`/manage-address/${address.id}/edit`} className="mt-1 inline-block text-amber-800 underline">
                      {labels.completeAddress}
                    </a>
                  )}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {children}
    </section>
  );
}
