import http from 'node:http';
import net from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { startPreparedServer, type VariantServer } from './support/servers';

/**
 * Hostile input through the production server (serve.ts around Astro and the API): a
 * clear 4xx or a sensible fallback, never a 500; transport security and the Host header.
 */

/** One HTTP request with the path exactly as given (no dot-segment resolution): status, content type and body. */
function rawRequest(baseURL: string, method: string, path: string): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const sent = http.request({ host: hostname, port, method, path, headers: { 'Content-Type': 'application/json' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), body }));
    });
    sent.on('error', reject);
    sent.end(method === 'POST' ? '{}' : undefined);
  });
}

/** Signs in as the demo customer through the API (the context keeps the session cookie). */
async function signIn(request: APIRequestContext): Promise<{ token: string; name: string }> {
  const { email, password } = DEMO_ACCOUNTS.customer;
  const response = await request.post('/api/login', { data: { phone: email, password } });
  expect(response.status()).toBe(200);
  const { data } = await response.json();
  return { token: data.access.token, name: data.user.name };
}

test.describe('requests only', () => {
  // No browser involved: one run is enough.
  test.skip(({ isMobile }) => isMobile, 'requests only');

  test('a language that is not Latin-1, or holds control characters, falls back to the default language', async ({ request }) => {
    for (const lang of ['%D9%81', '%0A', '%0D%0AX-Evil:%201', '%00', 'x'.repeat(3000)]) {
      const response = await request.get(`/products?lang=${lang}`);
      expect(response.status(), lang).toBe(200);
      expect(await response.text(), lang).toContain('<html lang="en" dir="ltr"');
    }
    for (const cookie of ['locale=%D9%81', 'locale=%0A', 'currency=%D9%81; locale=%00']) {
      const response = await request.get('/products', { headers: { Cookie: cookie } });
      expect(response.status(), cookie).toBe(200);
      expect(await response.text(), cookie).toContain('<html lang="en" dir="ltr"');
    }
  });

  test('a session cookie with a line break is a guest, and the cookie is dropped', async ({ request }) => {
    for (const session of ['%0A', 'abc%0D%0Adef', '%00', '%D9%81']) {
      const response = await request.get('/', { headers: { Cookie: `session=${session}` }, maxRedirects: 0 });
      expect(response.status(), session).toBe(200);
      expect(response.headers()['set-cookie'], session).toMatch(/session=deleted|session=;/);
      const account = await request.get('/dashboard', { headers: { Cookie: `session=${session}` }, maxRedirects: 0 });
      expect(account.status(), session).toBe(302);
    }
  });

  test('Persian pages declare the language tag "fa" while the locale key stays "ir"', async ({ request }) => {
    const html = await (await request.get('/products?lang=ir')).text();
    expect(html).toContain('<html lang="fa" dir="rtl"');
    expect(html).toContain('<meta property="og:locale" content="fa"');
    expect(html).toMatch(/<link rel="alternate" hreflang="fa" href="[^"]*[?&]lang=ir"/);
    const withCookie = await (await request.get('/', { headers: { Cookie: 'locale=ir' } })).text();
    expect(withCookie).toContain('<html lang="fa" dir="rtl"');
  });

  test('TRACE and other odd methods are a 405 (JSON under /api), never a 500', async ({ request }) => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL']) {
      const api = await request.fetch('/api/master', { method });
      expect(api.status(), method).toBe(405);
      expect(await api.json()).toEqual({ message: 'The method is not allowed for this route.' });
      const page = await request.fetch('/', { method });
      expect(page.status(), method).toBe(405);
    }
  });

  test('a line break or NUL in an API path parameter is a 4xx in JSON', async ({ request }) => {
    for (const path of ['/api/shops/1%0A', '/api/blog/%0A/details', '/api/lang/%0D', '/api/shops/%00', '/api/%0A', '/api/legal-pages/%0D%0A']) {
      const response = await request.get(path);
      expect(response.status(), path).toBeGreaterThanOrEqual(400);
      expect(response.status(), path).toBeLessThan(500);
      expect(response.headers()['content-type'], path).toMatch(/application\/json/);
    }
    const broken = await request.get('/blog/%E0%A4%A');
    expect(broken.status()).toBe(400);
  });

  test('everything addressed to /api answers JSON: /api itself, and paths that resolve outside it', async ({ baseURL }) => {
    const requests: [string, string][] = [
      ['POST', '/api'],
      ['GET', '/api'],
      ['GET', '/api/../x'],
      ['POST', '/api/../contact-us'],
      ['GET', '/api/%2e%2e/products'],
      ['GET', '/api%5C..%5Cproducts'],
      ['GET', '/api%2F..%2Fx'],
    ];
    for (const [method, path] of requests) {
      // Sent as written: a browser or Playwright would resolve the dot segments first.
      const answer = await rawRequest(baseURL!, method, path);
      expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
      expect(answer.type, `${method} ${path}`).toMatch(/application\/json/);
      expect(typeof JSON.parse(answer.body).message, `${method} ${path}`).toBe('string');
    }
  });

  test('NUL in a search or a contact-form field is a 422 naming the field', async ({ request }) => {
    const search = await request.get('/api/products?search=%00');
    expect(search.status()).toBe(422);
    expect((await search.json()).errors).toEqual({ search: ['The search field contains invalid characters.'] });
    const contact = await request.post('/api/support', { data: { name: 'Ada\u0000', email: 'ada@example.com', subject: 'Hi', message: 'Hello' } });
    expect(contact.status()).toBe(422);
    expect((await contact.json()).errors).toHaveProperty('name');
  });

  test('a malformed X-XSRF-TOKEN is a 419', async ({ request }) => {
    const { token } = await signIn(request);
    const response = await request.post('/api/user', { headers: { Cookie: `session=${token}; XSRF-TOKEN=abc`, 'X-XSRF-TOKEN': '%E0%A4%A' } });
    expect(response.status()).toBe(419);
    expect(await response.json()).toEqual({ message: 'CSRF token mismatch.' });
  });

  test('an app without a browser (Bearer token, no Origin) is served on POST, and refusals under /api are JSON', async ({ playwright, baseURL }) => {
    // A fresh context: no cookies, no Origin, like a mobile app.
    const app = await playwright.request.newContext({ baseURL });
    try {
      const { token } = await signIn(app);
      const user = await app.post('/api/user', { headers: { Authorization: `Bearer ${token}` } });
      expect(user.status()).toBe(200);
      expect((await user.json()).data.user.email).toBe(DEMO_ACCOUNTS.customer.email);
      const crossSite = await app.post('/api/support', { headers: { Origin: 'https://evil.example' }, form: { name: 'Ada', email: 'a@b.co', subject: 's', message: 'm' } });
      expect(crossSite.status()).toBe(403);
      expect(await crossSite.json()).toEqual({ message: 'Cross-site form submissions are forbidden.' });
      const logout = await app.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
      expect(logout.status()).toBe(200);
    } finally {
      await app.dispose();
    }
  });

  test("the pages' own forms still refuse another site's posts", async ({ request, baseURL }) => {
    const form = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'From elsewhere' };
    const crossSite = await request.post('/contact-us', { headers: { Origin: 'https://evil.example' }, form });
    expect(crossSite.status()).toBe(403);
    const noOrigin = await request.post('/contact-us', { form });
    expect(noOrigin.status()).toBe(403);
    const sameSite = await request.post('/contact-us', { headers: { Origin: baseURL! }, form: { ...form, message: '' } });
    expect(sameSite.status()).toBe(422);
  });

  test('a page form far larger than any form is refused with 413 before it is read', async ({ request, baseURL }) => {
    // Only the first kilobyte of the 2 MB declared is sent: the answer comes without the rest.
    // (A client still writing the whole body when the server closes may fail to write, not read the 413.)
    for (const path of ['/contact-us', '/cart', '/checkout?shop_ids=1', '/login']) {
      expect(await statusOfDeclaredForm(baseURL!, path, 2 * 1024 * 1024), path).toBe(413);
    }
    // The server still answers the next visitor.
    expect((await request.get('/contact-us')).status()).toBe(200);
  });

  test('a forged Host header never reaches canonical links, robots.txt or the sitemap', async ({ request, baseURL }) => {
    const headers = { Host: 'evil.example' };
    const robots = await (await request.get('/robots.txt', { headers })).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await (await request.get('/sitemap.xml', { headers })).text();
    expect(sitemap).not.toContain('evil.example');
    expect(sitemap).toContain(`<loc>${baseURL}/`);
    const page = await (await request.get('/products', { headers })).text();
    expect(page).toContain(`<link rel="canonical" href="${baseURL}/products"`);
    expect(page).not.toContain('evil.example');
  });

  test('GET /api/logout with the session cookie alone (a link on another site) signs no one out', async ({ playwright, baseURL }) => {
    const browserLike = await playwright.request.newContext({ baseURL });
    try {
      await signIn(browserLike); // the context now holds the session cookie
      const forged = await browserLike.get('/api/logout');
      expect(forged.status()).toBe(419);
      const still = await browserLike.get('/dashboard', { maxRedirects: 0 });
      expect(still.status()).toBe(200);
    } finally {
      await browserLike.dispose();
    }
  });

  test('without TRUST_PROXY, X-Forwarded-Proto is not believed: no HSTS, no Secure cookie', async ({ playwright, baseURL }) => {
    const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-Proto': 'https' } });
    try {
      const page = await client.get('/');
      expect(page.headers()['strict-transport-security']).toBeUndefined();
      const { email, password } = DEMO_ACCOUNTS.customer;
      const login = await client.post('/api/login', { data: { phone: email, password } });
      const session = login.headersArray().find((header) => header.name.toLowerCase() === 'set-cookie' && header.value.startsWith('session='));
      expect(session?.value).not.toMatch(/Secure/);
    } finally {
      await client.dispose();
    }
  });
});

test.describe('behind a trusted proxy that terminates HTTPS', () => {
  test.skip(({ isMobile }) => isMobile, 'requests only');
  let server: VariantServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // The test talks to the server from 127.0.0.1, the proxy the operator declares.
    server = await startPreparedServer([], { TRUST_PROXY: '127.0.0.1' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the session cookie is Secure and HSTS is sent when the proxy says https', async ({ playwright }) => {
    const proxied = await playwright.request.newContext({ baseURL: server.baseURL, extraHTTPHeaders: { 'X-Forwarded-Proto': 'https' } });
    const plain = await playwright.request.newContext({ baseURL: server.baseURL });
    try {
      const page = await proxied.get('/');
      expect(page.headers()['strict-transport-security']).toBe('max-age=31536000');
      // A guest page sets no cookie (it is cached, ADR 018); the API hands the XSRF cookie out.
      expect(page.headers()['set-cookie']).toBeUndefined();
      expect((await proxied.get('/api/master')).headers()['set-cookie']).toMatch(/XSRF-TOKEN=[^;]+;.*Secure/);
      const asset = await proxied.get('/favicon.svg');
      expect(asset.headers()['strict-transport-security']).toBe('max-age=31536000');
      const { email, password } = DEMO_ACCOUNTS.customer;
      const login = await proxied.post('/api/login', { data: { phone: email, password } });
      expect(login.status()).toBe(200);
      const session = login.headersArray().find((header) => header.name.toLowerCase() === 'set-cookie' && header.value.startsWith('session='));
      expect(session?.value).toMatch(/; Secure/);

      // The same proxy forwarding plain HTTP: neither.
      const http = await plain.get('/');
      expect(http.headers()['strict-transport-security']).toBeUndefined();
      expect((await plain.get('/api/master')).headers()['set-cookie']).not.toMatch(/Secure/);
    } finally {
      await proxied.dispose();
      await plain.dispose();
    }
  });
});

test.describe('logout', () => {
  test('works without JavaScript: the dialog posts a form with the XSRF token', async ({ browser, baseURL, isMobile }) => {
    test.skip(isMobile, 'the popup account menu is the desktop one');
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    try {
      const { token, name } = await signIn(context.request);
      const page = await context.newPage();
      await page.goto('/');
      await page.locator('details[data-menu] summary', { hasText: name }).click();
      await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Log Out' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Yes' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect(page.locator('details[data-menu] summary', { hasText: name })).toHaveCount(0);
      // The token is revoked, not just the cookie dropped.
      const user = await context.request.post('/api/user', { headers: { Authorization: `Bearer ${token}` } });
      expect(user.status()).toBe(401);
    } finally {
      await context.close();
    }
  });

  test('the no-JavaScript logout refuses a post without the token', async ({ playwright, baseURL, isMobile }) => {
    test.skip(isMobile, 'requests only');
    const client = await playwright.request.newContext({ baseURL });
    try {
      await signIn(client);
      const forged = await client.post('/logout', { headers: { Origin: baseURL! }, form: { _token: 'wrong' } });
      expect(forged.status()).toBe(419);
      expect((await client.get('/dashboard', { maxRedirects: 0 })).status()).toBe(200);
    } finally {
      await client.dispose();
    }
  });
});

/** Posts a form declaring `length` bytes but sends only its first kilobyte, and reads the status of the answer. */
function statusOfDeclaredForm(baseURL: string, path: string, length: number): Promise<number> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      const head = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, `Origin: ${baseURL}`, 'Content-Type: application/x-www-form-urlencoded', `Content-Length: ${length}`];
      socket.write(`${head.join('\r\n')}\r\n\r\nmessage=${'x'.repeat(1024)}`);
    });
    let answer = '';
    socket.setEncoding('latin1');
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer to ${path}`)));
    socket.on('data', (chunk: string) => {
      answer += chunk;
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(answer);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`${path}: closed without an answer`)));
  });
}
