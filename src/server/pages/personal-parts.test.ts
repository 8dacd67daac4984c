import { describe, expect, it } from 'vitest';
import { personalClose, personalOpen, personalPage, personalPartsOf, personalPlan, type PersonalPart } from './personal-parts';

/**
 * A signed-in shopper's page from the guest page's bytes (personal-parts.ts,
 * docs/decisions/018-page-cache.md): where the parts and attributes are, what replaces them,
 * and which guest pages are never used.
 */

const part = (name: PersonalPart, html: string) => `${personalOpen(name)}${html}${personalClose(name)}`;
const heart = (id: number) => `<button type="submit" data-heart="${id}" aria-pressed="false">♥</button>`;
const RUNTIME = '<script>(()=>{var wake=1})();</script><style>astro-island{display:contents}</style>';
const island = (prefix: string, props: string) => `<astro-island uid="u${prefix}" prefix="${prefix}" props="${props}"></astro-island>`;

const guestPage = (main = `<main>${heart(7)}${heart(9)}<p>Café é</p>${heart(7)}</main>`) =>
  Buffer.from(
    `<!doctype html><html><head><title>Shop</title></head><body class="x" data-signed-in="false" data-locale="en">` +
      `<header>${part('navbar-account', '<button>Login</button>')}</header>${main}` +
      `${RUNTIME}${island('r2', 'cart')}${part('session-dialogs', island('r3', 'guest'))}</body></html>`,
    'utf8',
  );

const shoppersParts = () =>
  personalPartsOf(
    `<!DOCTYPE html>${part('navbar-account', '<details>Alex Morgan</details>')}${part('session-dialogs', `<dialog id="logout-dialog"></dialog>${RUNTIME}${island('r0', 'deferred')}`)}`,
  );

describe('personalPlan', () => {
  it('finds the parts, the body flag and every guest heart', () => {
    const plan = personalPlan(guestPage())!;
    expect(plan.heartIds).toEqual([7, 9]);
    expect(plan.slots.map((slot) => slot.kind)).toEqual(['flag', 'part', 'heart', 'heart', 'heart', 'part']);
  });

  it('refuses a page whose marks are not each there once, or that has no guest body flag', () => {
    const twice = guestPage(`<main>${part('navbar-account', 'again')}</main>`);
    expect(personalPlan(twice)).toBeNull();
    const unclosed = Buffer.from(`<body data-signed-in="false">${personalOpen('navbar-account')}</body>`);
    expect(personalPlan(unclosed)).toBeNull();
    const signedIn = Buffer.from(`<body data-signed-in="true">${part('navbar-account', '')}</body>`);
    expect(personalPlan(signedIn)).toBeNull();
    // A flag or heart inside a part would be replaced twice.
    const nested = Buffer.from(`<body data-signed-in="false">${part('navbar-account', heart(3))}</body>`);
    expect(personalPlan(nested)).toBeNull();
  });
});

describe('personalPage', () => {
  it("puts the shopper's parts in, sets the flag and presses their favourites' hearts only", () => {
    const guest = guestPage();
    const html = personalPage(guest, personalPlan(guest)!, shoppersParts(), new Set([7, 42])).toString('utf8');
    expect(html).toContain('data-signed-in="true" data-locale="en"');
    expect(html).toContain('<header><!--personal:navbar-account--><details>Alex Morgan</details><!--/personal:navbar-account--></header>');
    expect(html).not.toContain('Login');
    expect(html.match(/data-heart="7" aria-pressed="true"/g)).toHaveLength(2);
    expect(html).toContain('data-heart="9" aria-pressed="false"');
    // Text outside the parts is kept byte for byte, UTF-8 included.
    expect(html).toContain('<p>Café é</p>');
    // The guest bytes themselves are never changed: the next guest gets them as they were.
    expect(guest.toString('utf8')).toContain('data-signed-in="false"');
  });

  it("keeps one island runtime and the page's island id prefixes", () => {
    const guest = guestPage();
    const html = personalPage(guest, personalPlan(guest)!, shoppersParts(), new Set()).toString('utf8');
    expect(html.split('<script>').length - 1).toBe(1);
    expect(html.split('<style>').length - 1).toBe(1);
    expect(html).toContain('prefix="r3" props="deferred"');
    expect(html).not.toContain('prefix="r0"');
  });

  it('keeps the runtime a part brings when the guest had it only inside that part', () => {
    const guest = Buffer.from(`<body data-signed-in="false">${part('session-dialogs', `${RUNTIME}${island('r1', 'guest')}`)}</body>`);
    const html = personalPage(guest, personalPlan(guest)!, shoppersParts(), new Set()).toString('utf8');
    expect(html).toContain(RUNTIME);
    expect(html).toContain('prefix="r1" props="deferred"');
  });

  it("fails rather than serve a page missing one of the shopper's parts", () => {
    const guest = guestPage();
    const parts = personalPartsOf(part('navbar-account', 'only this'));
    expect(() => personalPage(guest, personalPlan(guest)!, parts, new Set())).toThrow(/session-dialogs/);
  });
});
