import { forwardRef, useEffect, useRef, type FormEvent } from 'react';
import { countLabel } from '../../lib/plural';
import { Bdi, Sentence } from '../common/Bdi';
import type { CheckoutLabels } from './labels';

declare module 'react' {
  // Invoker Commands (HTML): a button opens or closes a dialog with no script (src/scripts/invokers.ts).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merged declarations keep React's type parameter
  interface ButtonHTMLAttributes<T> {
    command?: 'show-modal' | 'close' | undefined;
    commandfor?: string | undefined;
  }
}

export const CONFIRM_DIALOG = 'confirm-order';
export const VERIFY_DIALOG = 'verify-account';

/**
 * Modal once the island runs; rendered `open` by the server after a form's round trip
 * (a code sent, an account verified), it then shows in place, in the summary, without
 * JavaScript (the island makes it modal when it hydrates).
 */
const DIALOG_CLASS =
  'm-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-start shadow-xl backdrop:bg-slate-900/50 [&:not(:modal)]:static [&:not(:modal)]:mt-4 [&:not(:modal)]:w-full [&:not(:modal)]:p-4 [&:not(:modal)]:shadow-none [&:not(:modal)]:ring-1 [&:not(:modal)]:ring-slate-200';
export const PRIMARY_CLASS =
  'rounded-lg bg-primary-600 px-4 py-2.5 font-medium text-white hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:cursor-not-allowed disabled:bg-slate-300';
const SECONDARY_CLASS = 'rounded-lg px-4 py-2 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary-600';

function Header({ id, title, dialog, close }: { id: string; title: string; dialog: string; close: string }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <button type="button" commandfor={dialog} command="close" aria-label={close} className="-me-2 -mt-1 rounded-lg px-2 text-2xl leading-none text-slate-500 hover:bg-slate-100">
        ×
      </button>
    </div>
  );
}

interface ConfirmProps {
  labels: CheckoutLabels;
  /** The payable, formatted. */
  amount: string;
  orders: number;
  open: boolean;
  placing: boolean;
  onClose: () => void;
}

/** The order confirmation modal (docs/product.md §2 /checkout): Confirm submits the order form. */
export const ConfirmDialog = forwardRef<HTMLDialogElement, ConfirmProps>(function ConfirmDialog({ labels, amount, orders, open, placing, onClose }, ref) {
  return (
    <dialog id={CONFIRM_DIALOG} ref={ref} open={open || undefined} aria-labelledby="confirm-order-title" onClose={onClose} className={DIALOG_CLASS}>
      <Header id="confirm-order-title" title={labels.confirmTitle} dialog={CONFIRM_DIALOG} close={labels.close} />
      <p className="mt-2 text-slate-700" data-confirm-amount>
        <Sentence template={orders === 1 ? labels.payOne : countLabel(labels.payMany, orders)} values={{ amount }} codes={['amount']} />
      </p>
      <p role="status" className="text-sm text-slate-600 not-empty:mt-2">
        {placing ? labels.placing : ''}
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <button type="button" commandfor={CONFIRM_DIALOG} command="close" className={SECONDARY_CLASS}>
          {labels.cancel}
        </button>
        <button type="submit" form="place-order" disabled={placing} className={PRIMARY_CLASS}>
          {labels.confirmOrder}
        </button>
      </div>
    </dialog>
  );
});

interface VerifyProps {
  labels: CheckoutLabels;
  destination: string;
  /** The checkout page: without JavaScript the forms post to it. */
  self: string;
  open: boolean;
  sent: boolean;
  busy: boolean;
  message: { type: 'success' | 'error'; message: string } | null;
  onSend: (event: FormEvent<HTMLFormElement>) => void;
  onVerify: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The OTP modal (docs/product.md §2 /checkout; /master order_place_account_verify): the
 * shop asks for a verified account before the first order. Send a code to the shopper's
 * e-mail or phone, then enter its four digits; the server's messages show inside.
 */
export const VerifyDialog = forwardRef<HTMLDialogElement, VerifyProps>(function VerifyDialog({ labels, destination, self, open, sent, busy, message, onSend, onVerify }, ref) {
  const code = useRef<HTMLInputElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    // A code just went out from here: its field takes the focus (not on the first render, which the server made).
    if (firstRender.current) firstRender.current = false;
    else if (sent) code.current?.focus();
  }, [sent]);

  return (
    <dialog
      id={VERIFY_DIALOG}
      ref={ref}
      open={open || undefined}
      aria-labelledby="verify-account-title"
      aria-describedby="verify-account-intro"
      className={DIALOG_CLASS}
      data-account-code
    >
      <Header id="verify-account-title" title={labels.verifyTitle} dialog={VERIFY_DIALOG} close={labels.close} />
      <p id="verify-account-intro" className="mt-2 text-sm text-slate-700">
        {labels.verifyIntro}
      </p>
      <p role="status" className={`text-sm not-empty:mt-2 ${message?.type === 'error' ? 'text-red-700' : 'text-green-800'}`} data-code-message>
        {message?.message ?? ''}
      </p>
      <form method="post" action={self} onSubmit={onSend} className="mt-3">
        <input type="hidden" name="action" value="send-code" />
        <button type="submit" aria-disabled={busy} className={sent ? 'text-sm text-primary-700 underline' : `${PRIMARY_CLASS} w-full`}>
          {sent ? labels.resendCode : <Sentence template={labels.sendCode} values={{ destination }} codes={['destination']} />}
        </button>
      </form>
      {sent && (
        <form method="post" action={self} onSubmit={onVerify} className="mt-3 space-y-2">
          <input type="hidden" name="action" value="verify-code" />
          <label htmlFor="checkout-otp" className="block text-sm font-medium text-slate-900">
            {labels.codeSentTo} <Bdi kind="code">{destination}</Bdi>
          </label>
          <input
            ref={code}
            id="checkout-otp"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{4}"
            maxLength={4}
            required
            dir="ltr"
            className="block w-32 rounded-lg border border-slate-300 px-3 py-2 text-center tracking-widest"
          />
          <button type="submit" aria-disabled={busy} className={`${PRIMARY_CLASS} w-full`}>
            {labels.verify}
          </button>
        </form>
      )}
    </dialog>
  );
});
