import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { allowFormRedirects } from './page-csp';
import { paymentPageOrigins } from './stripe';

const keys = { STRIPE_SECRET_KEY: 'sk_test_csp', STRIPE_WEBHOOK_SECRET: 'whsec_csp' };

describe('payment pages in the pages\' CSP (ADR 012, "The pages\' CSP")', () => {
  it('names Stripe Checkout, or the Stripe-compatible server, only when Stripe is configured', () => {
    expect(paymentPageOrigins(parseEnv({}))).toEqual([]);
    expect(paymentPageOrigins(parseEnv(keys))).toEqual(['https://checkout.stripe.com']);
    expect(paymentPageOrigins(parseEnv({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111/' }))).toEqual(['http://127.0.0.1:12111']);
  });

  it('adds them to form-action and keeps everything else of the answer', async () => {
    const page = new Response('<html></html>', {
      status: 200,
      headers: { 'Content-Security-Policy': "default-src 'self'; form-action 'self'; frame-ancestors 'none'", 'Set-Cookie': 'a=b' },
    });
    const widened = allowFormRedirects(page, ['https://checkout.stripe.com']);
    expect(widened.headers.get('content-security-policy')).toBe("default-src 'self'; form-action 'self' https://checkout.stripe.com; frame-ancestors 'none'");
    expect(widened.headers.get('set-cookie')).toBe('a=b');
    expect(widened.status).toBe(200);
    expect(await widened.text()).toBe('<html></html>');
  });

  it('copies an answer whose headers cannot change', () => {
    const fetched = Response.redirect('http://127.0.0.1/checkout', 303);
    Object.defineProperty(fetched.headers, 'get', { value: (name: string) => (name === 'content-security-policy' ? "form-action 'self'" : null) });
    const widened = allowFormRedirects(fetched, ['https://checkout.stripe.com']);
    expect(widened).not.toBe(fetched);
    expect(widened.status).toBe(303);
  });

  it('leaves answers without a policy, without form-action, or with nothing to add untouched', () => {
    const redirect = Response.redirect('http://127.0.0.1/checkout', 303);
    expect(allowFormRedirects(redirect, ['https://checkout.stripe.com'])).toBe(redirect);
    const noFormAction = new Response('', { headers: { 'Content-Security-Policy': "default-src 'self'" } });
    expect(allowFormRedirects(noFormAction, ['https://checkout.stripe.com'])).toBe(noFormAction);
    const page = new Response('', { headers: { 'Content-Security-Policy': "form-action 'self'" } });
    expect(allowFormRedirects(page, [])).toBe(page);
  });
});
