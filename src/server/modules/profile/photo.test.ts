import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { App } from '../../app';
import { users } from '../../db/schema';
import { seedBase } from '@tests/fixtures';
import { createTestApp, registerShopper, type TestApp } from '@tests/support/api';

/**
 * The profile photo of POST /update-profile (docs/product.md §7.4): jpg/png/webp up to 2 MB, judged by
 * content, resized to square WebP pictures under DATA_DIR/uploads, the old files removed.
 */

let handle: TestApp;
let app: App;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'profile-photo-'));
  handle = await createTestApp(seedBase, { DATA_DIR: dataDir });
  app = handle.app;
});
afterAll(async () => {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const photosDir = () => path.join(dataDir, 'uploads', 'profile-photos');
const storedFiles = () => {
  try {
    return readdirSync(photosDir()).sort();
  } catch {
    return [];
  }
};

/** A new account, signed up through the API from an address of its own, and signed in. */
const newShopper = () => registerShopper(app, { name: 'Photo Shopper' });

/** Posts the profile form as multipart form data with a file. */
async function upload(token: string, file: { bytes: Uint8Array; name: string; type: string } | null, fields: Record<string, string> = { name: 'Photo Shopper' }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file) form.set('profile_photo', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
  const response = await app.request(
    '/api/update-profile',
    { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form },
    { peer: { address: '198.51.100.200', encrypted: false } },
  );
  return { status: response.status, body: await response.json() };
}

const photoOf = async (id: number) => (await handle.db.select({ photo: users.profilePhoto }).from(users).where(eq(users.id, id)))[0]!.photo;

/** A picture of `width` × `height` in a format sharp writes. */
const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .toFormat(format)
    .toBuffer();

describe('profile photo upload (POST /update-profile, multipart)', () => {
  it('accepts PNG, JPEG and WebP, stores 200 and 400 px square WebP pictures and removes the replaced ones', async () => {
    const me = await newShopper();
    const urls: string[] = [];
    for (const [format, name, type] of [
      ['png', 'me.png', 'image/png'],
      ['jpeg', 'me.jpg', 'image/jpeg'],
      ['webp', 'me.webp', 'image/webp'],
    ] as const) {
      const { status, body } = await upload(me.token, { bytes: await picture(format), name, type });
      expect(status, format).toBe(200);
      expect(body.message).toBe('Profile updated successfully.');
      const url: string = body.data.user.profile_photo;
      expect(url).toMatch(/^\/uploads\/profile-photos\/[0-9a-f]{32}-400\.webp$/);
      expect(await photoOf(me.id)).toBe(url);
      for (const width of [200, 400]) {
        const file = path.join(dataDir, url.replace('-400.webp', `-${width}.webp`));
        const meta = await sharp(await readFile(file)).metadata();
        expect(meta).toMatchObject({ format: 'webp', width, height: width });
      }
      urls.push(url);
    }
    // Only the latest photo's two files remain: each replaced one was removed.
    const name = path.basename(urls[2]!).replace('-400.webp', '');
    expect(storedFiles().filter((file) => file.startsWith(name))).toEqual([`${name}-200.webp`, `${name}-400.webp`]);
    for (const old of urls.slice(0, 2)) expect(storedFiles()).not.toContain(path.basename(old));
    // The server publishes them under /uploads (http/serve.ts): the profile answers the same URL.
    const profile = await app.request('/api/profile', { headers: { Authorization: `Bearer ${me.token}` } });
    expect((await profile.json()).data.user.profile_photo).toBe(urls[2]);
  });

  it('judges by content: a PDF named .jpg, garbage, a GIF and an SVG are refused with a field error and write nothing', async () => {
    const me = await newShopper();
    await upload(me.token, { bytes: await picture('png'), name: 'first.png', type: 'image/png' });
    const before = (await handle.db.select().from(users).where(eq(users.id, me.id)))[0]!;
    const files = storedFiles();
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const jpegHead = (await picture('jpeg')).subarray(0, 400);
    const refused = [
      { bytes: pdf, name: 'photo.jpg', type: 'image/jpeg' },
      { bytes: crypto.getRandomValues(new Uint8Array(4096)), name: 'noise.png', type: 'image/png' },
      { bytes: jpegHead, name: 'cut.jpg', type: 'image/jpeg' },
      { bytes: await picture('gif'), name: 'moving.webp', type: 'image/webp' },
      { bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), name: 'x.png', type: 'image/png' },
    ];
    for (const file of refused) {
      const { status, body } = await upload(me.token, file, { name: 'Should Not Save' });
      expect(status, file.name).toBe(422);
      expect(body.errors).toEqual({ profile_photo: ['The profile photo field must be a file of type: jpg, jpeg, png, webp.'] });
    }
    expect((await handle.db.select().from(users).where(eq(users.id, me.id)))[0]).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  it('refuses a photo over 2 MB with a field error, and a body over the limit with 413 before reading it', async () => {
    const me = await newShopper();
    const before = await photoOf(me.id);
    // Noise does not compress: a 2.2 MB PNG that is a real image.
    const noise = await sharp(randomBytes(860 * 860 * 3), { raw: { width: 860, height: 860, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    expect(noise.byteLength).toBeLessThan(2.5 * 1024 * 1024);
    const big = await upload(me.token, { bytes: noise, name: 'big.png', type: 'image/png' });
    expect(big.status).toBe(422);
    expect(big.body.errors).toEqual({ profile_photo: ['The profile photo field must not be greater than 2048 kilobytes.'] });

    const huge = await upload(me.token, { bytes: new Uint8Array(3 * 1024 * 1024), name: 'huge.jpg', type: 'image/jpeg' });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The upload is too large: a profile photo may be at most 2 MB.');
    // The larger limit is the upload's alone: JSON keeps the general 1 MB one.
    const json = await app.request('/api/update-profile', {
      method: 'POST',
      headers: { Authorization: `Bearer ${me.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1_200_000) }),
    });
    expect(json.status).toBe(413);
    expect(await photoOf(me.id)).toBe(before);
  });

  it('a guest cannot upload, and one user’s upload leaves another’s photo and files alone', async () => {
    const alice = await newShopper();
    const bob = await newShopper();
    await upload(bob.token, { bytes: await picture('jpeg'), name: 'bob.jpg', type: 'image/jpeg' });
    const bobPhoto = await photoOf(bob.id);
    const bobFile = path.basename(bobPhoto!);

    const form = new FormData();
    form.set('name', 'Guest');
    form.set('profile_photo', new File([await picture('png')], 'g.png', { type: 'image/png' }));
    expect((await app.request('/api/update-profile', { method: 'POST', body: form })).status).toBe(401);

    // Alice names Bob's photo in every way a client could: refused, and nothing of Bob's changes.
    expect((await upload(alice.token, null, { name: 'Alice', user_id: String(bob.id) })).status).toBe(422);
    expect((await upload(alice.token, null, { name: 'Alice', profile_photo: bobPhoto! })).status).toBe(422);
    for (let i = 0; i < 2; i++) expect((await upload(alice.token, { bytes: await picture('webp'), name: '../../bob.webp', type: 'image/webp' })).status).toBe(200);
    expect(await photoOf(bob.id)).toBe(bobPhoto);
    expect(storedFiles()).toContain(bobFile);
    expect(await photoOf(alice.id)).not.toBe(bobPhoto);
  });

  it('an empty file input (a form without a chosen photo) keeps the photo', async () => {
    const me = await newShopper();
    await upload(me.token, { bytes: await picture('png'), name: 'a.png', type: 'image/png' });
    const photo = await photoOf(me.id);
    const { status, body } = await upload(me.token, { bytes: new Uint8Array(0), name: '', type: 'application/octet-stream' }, { name: 'Still Me' });
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({ name: 'Still Me', profile_photo: photo });
  });
});
