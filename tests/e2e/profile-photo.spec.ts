import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { expect, newShopperIn, test } from './support/fixtures';

/**
 * The profile photo on /profile (modules/profile/photo.ts): jpg/png/webp up to 2 MB, judged by content,
 * resized and served under /uploads; the old files go when a photo is replaced; the
 * profile and the account sidebar show it. With and without JavaScript, at both widths.
 * Each test signs up a shopper of its own, who has no photo yet.
 */

const PHOTO_URL = /^\/uploads\/profile-photos\/[0-9a-f]{32}-400\.webp$/;

/** A browser context of its own (JavaScript on or off), signed in as a new shopper. */
async function signedInContext(browser: Browser, baseURL: string, javaScriptEnabled: boolean, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, ...(viewport ? { viewport } : {}) });
  await newShopperIn(context, baseURL, 'Photo Tester');
  return context;
}

const picture = (format: 'png' | 'jpeg' | 'webp', colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

for (const javaScriptEnabled of [true, false]) {
  test(`upload, replace and refuse profile photos (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser, baseURL, viewport }, testInfo) => {
    const context = await signedInContext(browser, baseURL!, javaScriptEnabled, viewport);
    try {
      const page = await context.newPage();
      await page.goto('/profile');
      const main = page.getByRole('main');
      const photoInput = main.getByLabel('Profile photo');
      const save = main.getByRole('button', { name: 'Save Changes' });
      const shown = main.getByRole('img', { name: 'Profile photo' });

      // A JPEG, accepted and resized: the page and the sidebar show it, and it is served.
      await photoInput.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg', { r: 220, g: 40, b: 60 }) });
      await save.click();
      await expect(main.getByRole('status')).toHaveText('Profile updated successfully.');
      const first = (await shown.getAttribute('src'))!;
      expect(first).toMatch(PHOTO_URL);
      const served = await context.request.get(first);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe('image/webp');
      expect(await sharp(await served.body()).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
      expect((await context.request.get(first.replace('-400.webp', '-200.webp'))).status()).toBe(200);
      if (testInfo.project.name === 'desktop') {
        await expect(page.getByRole('complementary', { name: 'Account' }).locator('img')).toHaveAttribute('src', first);
      }

      // A PDF named .jpg is refused by its content, and the photo stays.
      await photoInput.setInputFiles({
        name: 'cv.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
      });
      await save.click();
      await expect(main.getByText('The profile photo field must be a file of type: jpg, jpeg, png, webp.')).toBeVisible();
      await expect(photoInput).toHaveAttribute('aria-invalid', 'true');
      await expect(shown).toHaveAttribute('src', first);

      // More than the upload limit: refused with the reason, nothing changes.
      await photoInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(3 * 1024 * 1024, 7) });
      await save.click();
      await expect(main.getByText('The upload is too large: a profile photo may be at most 2 MB.')).toBeVisible();
      await expect(shown).toHaveAttribute('src', first);

      // A WebP replaces it: the old files are gone.
      await photoInput.setInputFiles({ name: 'new.webp', mimeType: 'image/webp', buffer: await picture('webp', { r: 30, g: 90, b: 200 }) });
      await save.click();
      await expect(main.getByRole('status')).toHaveText('Profile updated successfully.');
      const second = (await shown.getAttribute('src'))!;
      expect(second).toMatch(PHOTO_URL);
      expect(second).not.toBe(first);
      expect((await context.request.get(second)).status()).toBe(200);
      expect((await context.request.get(first)).status()).toBe(404);
      expect((await context.request.get(first.replace('-400.webp', '-200.webp'))).status()).toBe(404);
    } finally {
      await context.close();
    }
  });
}
