import type { CheckoutFiguresDto } from '../../contracts/cart';
import { Amount, Bdi } from '../common/Bdi';
import type { CheckoutLabels } from './labels';

const row = 'flex justify-between gap-4';

/** The checkout figures (docs/product.md §3.2, §7 POST /cart/checkout) in the shopper's currency. */
export default function Figures({
  figures,
  price,
  labels,
  totalLabel,
}: {
  figures: CheckoutFiguresDto;
  price: (amount: number) => string;
  labels: CheckoutLabels;
  /** The last row's label: the cart calls it Cart Amount (§2 Cart drawer), checkout Payable Amount. */
  totalLabel?: string;
}) {
  return (
    <dl className="space-y-2 text-sm text-slate-700" data-cart-figures>
      <div className={row}>
        <dt>{labels.total}</dt>
        <dd>
          <Amount text={price(figures.total_amount)} />
        </dd>
      </div>
      <div className={row}>
        <dt>{labels.deliveryCharge}</dt>
        <dd>
          <Amount text={price(figures.delivery_charge)} />
        </dd>
      </div>
      {figures.coupon_discount > 0 && (
        <div className={row} data-coupon-discount>
          <dt>{labels.couponDiscount}</dt>
          <dd>
            <Amount text={price(figures.coupon_discount)} sign="-" />
          </dd>
        </div>
      )}
      {figures.all_vat_taxes.map((tax) => (
        <div className={row} key={tax.name}>
          <dt>
            <Bdi>{tax.name}</Bdi> (<Bdi kind="code">{tax.percentage}%</Bdi>)
          </dt>
          <dd>
            <Amount text={price(tax.amount)} />
          </dd>
        </div>
      ))}
      <div className={`${row} border-t border-slate-100 pt-2 font-semibold text-slate-900`}>
        <dt>{totalLabel ?? labels.payableAmount}</dt>
        <dd>
          <Amount text={price(figures.payable_amount)} />
        </dd>
      </div>
    </dl>
  );
}
