import { Fragment, type ReactNode } from 'react';
import { paragraphDirection, RUN_DIRECTION, signed, type RunKind } from '../../lib/bidi';

/**
 * The islands' isolated run (lib/bidi.ts; components/Bdi.astro on the server): `code` left
 * to right (amounts, codes, phone numbers, e-mail addresses), `text` in the direction of most
 * of its words when it is plain text (`paragraphDirection`), else of its first letter (names,
 * addresses, what people typed).
 */
export function Bdi({
  kind = 'text',
  className,
  children,
  ...data
}: { kind?: RunKind; className?: string | undefined; children: ReactNode } & { [key: `data-${string}`]: string | boolean | undefined }) {
  const dir = kind === 'text' && (typeof children === 'string' || typeof children === 'number') ? paragraphDirection(String(children)) : RUN_DIRECTION[kind];
  return (
    <bdi dir={dir} className={className} {...data}>
      {children}
    </bdi>
  );
}

/** An amount already formatted in the shopper's currency, with its sign: one left-to-right run, as components/Price.astro renders it. */
export function Amount({
  text,
  sign,
  className,
  ...data
}: { text: string; sign?: '+' | '-' | undefined; className?: string | undefined } & { [key: `data-${string}`]: string | boolean | undefined }) {
  return (
    <Bdi kind="code" className={`whitespace-nowrap ${className ?? ''}`} {...data}>
      {signed(text, sign)}
    </Bdi>
  );
}

/**
 * A translated template ("Voucher from: {{shop}}") with each value isolated (`code` for the
 * names in `codes`, else `text`): the islands' way to put a name, a code or an address into
 * a sentence of the page's language.
 */
export function Sentence({ template, values, codes = [] }: { template: string; values: Record<string, string | number>; codes?: readonly string[] }) {
  return (
    <>
      {template.split(/(\{\{\w+\}\})/).map((part, index) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (name === undefined || !(name in values)) return <Fragment key={index}>{part}</Fragment>;
        return (
          <Bdi key={index} kind={codes.includes(name) ? 'code' : 'text'}>
            {values[name]}
          </Bdi>
        );
      })}
    </>
  );
}
