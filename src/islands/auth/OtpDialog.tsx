import { useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { DIALOG_CLASS, AUTH_DIALOG_IDS, LINK_BUTTON_CLASS, PRIMARY_BUTTON_CLASS, type AuthLabels } from './dialogs';
import DialogHeader from './DialogHeader';
import { countLabel } from '../../lib/plural';
import { Bdi } from '../common/Bdi';

/** §9.3: four characters, and a resend offered after 60 seconds. */
const OTP_LENGTH = 4;
const RESEND_AFTER_SECONDS = 60;

interface Props {
  labels: AuthLabels;
  /** Where the code went, shown to the shopper. */
  sentTo: string;
  /** Changes each time a code is sent: the boxes clear and the countdown restarts. */
  sentAt: number;
  busy: boolean;
  onVerify: (otp: string) => void;
  onResend: () => void;
  onClose: () => void;
}

const EMPTY = Array.from({ length: OTP_LENGTH }, () => '');

/**
 * The one-time code dialog (docs/product.md §2.8, §4.4, §5.1): four single-character
 * boxes; typing moves forward, Backspace in an empty box moves back, a pasted 4-digit code
 * fills all four; "Resend OTP" after a 60-second countdown.
 */
export default function OtpDialog({ labels, sentTo, sentAt, busy, onVerify, onResend, onClose }: Props) {
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const [secondsLeft, setSecondsLeft] = useState(RESEND_AFTER_SECONDS);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const base = useId();

  useEffect(() => {
    setDigits(EMPTY);
    setSecondsLeft(RESEND_AFTER_SECONDS);
    if (!sentAt) return;
    boxes.current[0]?.focus();
    const timer = window.setInterval(() => {
      const left = Math.max(0, RESEND_AFTER_SECONDS - Math.floor((Date.now() - sentAt) / 1000));
      setSecondsLeft(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [sentAt]);

  function fill(from: number, text: string) {
    const typed = text.replace(/\D/g, '').slice(0, OTP_LENGTH - from);
    if (!typed) return;
    const next = [...digits];
    [...typed].forEach((digit, offset) => (next[from + offset] = digit));
    setDigits(next);
    boxes.current[Math.min(from + typed.length, OTP_LENGTH - 1)]?.focus();
  }

  function change(index: number, value: string) {
    if (value === '') {
      setDigits(digits.map((digit, position) => (position === index ? '' : digit)));
      return;
    }
    // A box holding a digit gets the new one typed after it; an autofilled code arrives whole.
    const text = value.length > 1 && digits[index] && value.length === 2 ? value.replace(digits[index]!, '') || value.slice(-1) : value;
    fill(index, text);
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    }
  }

  function paste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const text = event.clipboardData.getData('text').trim();
    fill(/^\d{4}$/.test(text.replace(/\s/g, '')) ? 0 : index, text);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const otp = digits.join('');
    if (otp.length === OTP_LENGTH) onVerify(otp);
    else boxes.current[digits.findIndex((digit) => !digit)]?.focus();
  }

  return (
    <dialog id={AUTH_DIALOG_IDS.otp} aria-labelledby={`${base}-title`} aria-describedby={`${base}-hint`} onClose={onClose} className={DIALOG_CLASS}>
      <DialogHeader id={`${base}-title`} title={labels.otpTitle} close={labels.close} />
      <p id={`${base}-hint`} className="mt-2 text-sm text-slate-600">
        {labels.otpSentTo}{' '}
        <Bdi kind="code" className="font-medium">
          {sentTo}
        </Bdi>
      </p>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <div className="flex justify-center gap-3" dir="ltr" role="group" aria-labelledby={`${base}-title`}>
          {digits.map((digit, index) => (
            <input
              key={index}
              ref={(element) => {
                boxes.current[index] = element;
              }}
              value={digit}
              onChange={(event) => change(index, event.target.value)}
              onKeyDown={(event) => keyDown(index, event)}
              onPaste={(event) => paste(index, event)}
              onFocus={(event) => event.target.select()}
              inputMode="numeric"
              pattern="[0-9]"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              aria-label={`${labels.otpDigit} ${index + 1}`}
              className="size-12 rounded-lg border border-slate-300 text-center text-xl font-semibold focus:border-primary-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-primary-600"
            />
          ))}
        </div>
        <button type="submit" disabled={busy} className={PRIMARY_BUTTON_CLASS}>
          {labels.verify}
        </button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        {secondsLeft > 0 ? (
          <span>{countLabel(labels.resendIn, secondsLeft)}</span>
        ) : (
          <button type="button" disabled={busy} className={LINK_BUTTON_CLASS} onClick={onResend}>
            {labels.resendOtp}
          </button>
        )}
      </p>
    </dialog>
  );
}
