import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { colors, productImages, products, productSizes, sizes, units, vatTaxes } from '../../db/schema';
import { createBrand, createCategory, createProduct, createSubCategory, type Category, type SubCategory } from '@tests/fixtures';
import { createTestApp, newSeller, newShopper, newShopperWithAddress, request, type TestApp } from '@tests/support/api';
import { SELLER_IMAGE_MAX_BYTES } from '@/contracts/seller';

let app: TestApp;
let dataDir: string;
let seller: Awaited<ReturnType<typeof newSeller>>;
let rival: Awaited<ReturnType<typeof newSeller>>;
let category: Category;
let sub: SubCategory;
let otherSub: SubCategory;
let sizeId: number;
let colorId: number;
let unitId: number;
let taxId: number;
let png: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'seller-products-'));
  app = await createTestApp(undefined, { DATA_DIR: dataDir });
  seller = await newSeller(app.db);
  rival = await newSeller(app.db);
  category = await createCategory(app.db, { name: 'Gadgets' });
  sub = await createSubCategory(app.db, { categoryId: category.id });
  otherSub = await createSubCategory(app.db);
  sizeId = (await app.db.insert(sizes).values({ name: 'XL' }).returning())[0]!.id;
  colorId = (await app.db.insert(colors).values({ name: 'Teal', colorCode: '#008080' }).returning())[0]!.id;
  unitId = (await app.db.insert(units).values({ name: 'Piece' }).returning())[0]!.id;
  taxId = (await app.db.insert(vatTaxes).values({ name: 'VAT', percentage: '10' }).returning())[0]!.id;
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const uploaded = async () => (await readdir(path.join(dataDir, 'uploads', 'products')).catch(() => [])).length;
const file = (bytes: Uint8Array, name: string, type = 'image/png') => new File([bytes as BlobPart], name, { type });

function form(fields: Record<string, string | string[] | File | File[]>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  return body;
}

const validFields = (overrides: Record<string, string | string[] | File | File[]> = {}) => ({
  name: 'Teal Desk Lamp',
  short_description: 'A lamp.',
  description: '<p>Bright <strong>teal</strong> lamp</p>',
  category: String(category.id),
  sub_category: String(sub.id),
  price: '49.90',
  discount_price: '39.50',
  quantity: '12',
  thumbnail: file(png, 'lamp.png'),
  ...overrides,
});

const post = (path: string, auth: Record<string, string>, body: FormData) => app.json(path, { method: 'POST', headers: auth, body });
const create = (fields: Record<string, string | string[] | File | File[]> = {}, auth = seller.auth) => post('/seller/product/store', auth, form(validFields(fields)));
const show = async (id: number) => (await app.json(`/seller/product/${id}/show`, request('GET', seller.auth))).body.data.product;

async function productOfRival() {
  return createProduct(app.db, { shopId: rival.shopId, categoryId: category.id, name: 'Rival Kettle', quantity: 7, price: 3000 });
}

describe('who may use the product routes', () => {
  it('answers a guest 401, a shopper 403, and another shop’s product 404 on every route, changing nothing', async () => {
    const shopper = await newShopper(app.db);
    const theirs = await productOfRival();
    const routes: [string, string, unknown?][] = [
      ['GET', '/seller/products'],
      ['GET', '/seller/product/create-data'],
      ['GET', `/seller/product/${theirs.id}/show`],
      ['POST', '/seller/product/store', { name: 'x' }],
      ['POST', `/seller/product/${theirs.id}/update`, { name: 'x' }],
      ['POST', `/seller/product/status/toggle/${theirs.id}`],
      ['DELETE', '/seller/product/thumbnail/delete', { product_id: theirs.id, thumbnail_id: 1 }],
      ['DELETE', `/seller/product/${theirs.id}/destroy`],
    ];
    for (const [method, route, body] of routes) {
      expect((await app.json(route, request(method, {}, body))).status, route).toBe(401);
      expect((await app.json(route, request(method, shopper.auth, body))).status, route).toBe(403);
    }
    const [image] = await app.db.select().from(productImages).where(eq(productImages.productId, theirs.id));
    const update = { name: 'Mine now', category: category.id, price: 1, quantity: 0 };
    expect((await app.json(`/seller/product/${theirs.id}/show`, request('GET', seller.auth))).status).toBe(404);
    expect((await app.json(`/seller/product/${theirs.id}/update`, request('POST', seller.auth, update))).status).toBe(404);
    expect((await app.json(`/seller/product/status/toggle/${theirs.id}`, request('POST', seller.auth))).status).toBe(404);
    expect((await app.json('/seller/product/thumbnail/delete', request('DELETE', seller.auth, { product_id: theirs.id, thumbnail_id: image!.id }))).status).toBe(404);
    expect((await app.json(`/seller/product/${theirs.id}/destroy`, request('DELETE', seller.auth))).status).toBe(404);
    const [after] = await app.db.select().from(products).where(eq(products.id, theirs.id));
    expect(after).toMatchObject({ name: 'Rival Kettle', isActive: true, quantity: 7, price: 3000 });
    expect(await app.db.select().from(productImages).where(eq(productImages.productId, theirs.id))).toHaveLength(1);
    const listed = (await app.json('/seller/products?per_page=100', request('GET', seller.auth))).body.data.products as { id: number }[];
    expect(listed.map((product) => product.id)).not.toContain(theirs.id);
  });
});

describe('POST /seller/product/store', () => {
  it('creates a product from a form with its picture at the storefront’s widths, options in minor units and sanitised description', async () => {
    const { status, body } = await create({
      'images[]': [file(png, 'side.png')],
      'sizes[]': [String(sizeId)],
      [`size_price_${sizeId}`]: '2.50',
      'colors[]': [String(colorId)],
      'vat_taxes[]': [String(taxId)],
      unit: String(unitId),
      description: '<p onclick="steal()">Nice<script>alert(1)</script></p><img src="javascript:alert(1)">',
    });
    expect(status).toBe(201);
    const product = body.data.product;
    expect(product).toMatchObject({ name: 'Teal Desk Lamp', slug: 'teal-desk-lamp', price: 49.9, discount_price: 39.5, quantity: 12, is_active: true });
    expect(product.sizes).toEqual([{ id: sizeId, name: 'XL', price: 2.5 }]);
    expect(product.colors).toEqual([{ id: colorId, name: 'Teal', color_code: '#008080', price: 0 }]);
    expect(product.vat_taxes).toEqual([{ id: taxId, name: 'VAT', percentage: 10 }]);
    expect(product.unit).toEqual({ id: unitId, name: 'Piece' });
    expect(product.description).toBe('<p>Nice</p><img />');
    expect(product.additional_thumbnail).toHaveLength(2);
    expect(product.thumbnail).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-800\.webp$/);
    expect(product.thumbnail).toBe(product.additional_thumbnail[0].thumbnail);
    const [row] = await app.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ price: 4990, discountPrice: 3950, description: '<p>Nice</p><img />' });
    expect(await app.db.select().from(productSizes).where(eq(productSizes.productId, product.id))).toEqual([{ productId: product.id, sizeId, price: 250 }]);
    const name = path.basename(product.thumbnail).replace('-800.webp', '');
    const files = await readdir(path.join(dataDir, 'uploads', 'products'));
    for (const width of [200, 400, 800]) {
      expect(files).toContain(`${name}-${width}.webp`);
      expect((await sharp(path.join(dataDir, 'uploads', 'products', `${name}-${width}.webp`)).metadata()).width).toBe(width);
    }
    // A second product of the same name gets a slug and SKU of its own; a discount and a
    // surcharge left blank (as a form sends them) are none.
    const again = await create({ discount_price: '', 'sizes[]': [String(sizeId)], [`size_price_${sizeId}`]: '' });
    expect(again.status).toBe(201);
    expect(again.body.data.product).toMatchObject({ discount_price: 0, sizes: [{ id: sizeId, name: 'XL', price: 0 }] });
    expect(again.body.data.product.slug).toBe('teal-desk-lamp-2');
    expect(again.body.data.product.sku).not.toBe(product.sku);
  });

  it('refuses hostile input with 422 naming the field, writing no row and no file', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const garbage = new Uint8Array(2048).map((_, i) => (i * 37) % 256);
    const oversize = new Uint8Array(SELLER_IMAGE_MAX_BYTES + 1);
    oversize.set(png);
    const cases: [Record<string, string | string[] | File | File[]>, string][] = [
      [{ thumbnail: file(garbage, 'photo.jpg', 'image/jpeg') }, 'thumbnail'],
      [{ thumbnail: file(pdf, 'doc.pdf', 'application/pdf') }, 'thumbnail'],
      [{ thumbnail: file(oversize, 'big.png') }, 'thumbnail'],
      [{ 'images[]': Array.from({ length: 8 }, (_, i) => file(png, `${i}.png`)) }, 'images'],
      [{ price: '-5' }, 'price'],
      [{ price: 'NaN' }, 'price'],
      [{ price: '1.005' }, 'price'],
      [{ price: '0' }, 'price'],
      [{ discount_price: '49.90' }, 'discount_price'],
      [{ discount_price: '60' }, 'discount_price'],
      [{ quantity: '-1' }, 'quantity'],
      [{ quantity: '2.5' }, 'quantity'],
      [{ sub_category: String(otherSub.id) }, 'sub_category'],
      [{ category: '999999' }, 'category'],
      [{ brand: '999999' }, 'brand'],
      [{ 'sizes[]': ['999999'] }, 'sizes'],
      [{ 'vat_taxes[]': ['999999'] }, 'vat_taxes'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ thumbnail: '' }, 'thumbnail'],
    ];
    const before = (await app.db.select().from(products)).length;
    const filesBefore = await uploaded();
    for (const [fields, field] of cases) {
      const { status, body } = await create(fields);
      expect(status, JSON.stringify(Object.keys(fields))).toBe(422);
      expect(Object.keys(body.errors), field).toContain(field);
    }
    expect((await app.db.select().from(products)).length).toBe(before);
    expect(await uploaded()).toBe(filesBefore);
  });

  it('takes JSON and answers amounts as decimals; a shop that is not active may not sell', async () => {
    const pending = await newSeller(app.db, 'pending');
    expect((await create({}, pending.auth)).status).toBe(403);
    const { status, body } = await app.json('/seller/product/store', request('POST', seller.auth, { name: 'No picture', category: category.id, price: 5, quantity: 1 }));
    expect(status).toBe(422);
    expect(body.errors.thumbnail).toBeDefined();
  });
});

describe('GET /seller/products and create-data', () => {
  it('lists the shop’s products newest first with their real stock, by search, category, brand and status', async () => {
    const brand = await createBrand(app.db);
    const shop = await newSeller(app.db);
    const old = await createProduct(app.db, { shopId: shop.shopId, categoryId: category.id, name: 'Old Radio', quantity: 0, createdAt: new Date('2026-01-01') });
    const low = await createProduct(app.db, {
      shopId: shop.shopId,
      categoryId: category.id,
      brandId: brand.id,
      name: 'Low Speaker',
      quantity: 3,
      createdAt: new Date('2026-02-01'),
    });
    const off = await createProduct(app.db, { shopId: shop.shopId, categoryId: category.id, name: 'Hidden Fan', quantity: 50, isActive: false, createdAt: new Date('2026-03-01') });
    const list = async (query = '') => (await app.json(`/seller/products${query}`, request('GET', shop.auth))).body.data;
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.products.map((p: { id: number }) => p.id)).toEqual([off.id, low.id, old.id]);
    expect(all.products[1]).toMatchObject({ quantity: 3, brand: brand.name, category: 'Gadgets', price: 19.99, discount_price: 0, total_sold: 0, is_active: true });
    expect((await list('?status=out_of_stock')).products.map((p: { id: number }) => p.id)).toEqual([old.id]);
    expect((await list('?status=low_stock')).products.map((p: { id: number }) => p.id)).toEqual([low.id]);
    expect((await list('?status=inactive')).products.map((p: { id: number }) => p.id)).toEqual([off.id]);
    expect((await list(`?brand=${brand.id}`)).total).toBe(1);
    expect((await list('?search=speak')).products.map((p: { id: number }) => p.id)).toEqual([low.id]);
    expect((await list('?per_page=1&page=2')).products.map((p: { id: number }) => p.id)).toEqual([low.id]);
    expect((await app.json('/seller/products?per_page=101', request('GET', shop.auth))).status).toBe(422);
    expect((await app.json('/seller/products?status=gone', request('GET', shop.auth))).status).toBe(422);

    const data = (await app.json('/seller/product/create-data', request('GET', shop.auth))).body.data;
    const gadgets = data.categories.find((c: { id: number }) => c.id === category.id);
    expect(gadgets.sub_categories).toEqual([{ id: sub.id, name: sub.name }]);
    expect(data.sizes).toContainEqual({ id: sizeId, name: 'XL' });
    expect(data.vat_taxes).toContainEqual({ id: taxId, name: 'VAT', percentage: 10 });
  });
});

describe('POST /seller/product/:id/update', () => {
  it('changes fields, removes and reorders pictures (files too), and the storefront sees it at once', async () => {
    const created = (await create({ name: 'Storefront Lamp', 'images[]': [file(png, 'a.png'), file(png, 'b.png')] })).body.data.product;
    const [first, second, third] = created.additional_thumbnail as { id: number; thumbnail: string }[];
    // Warm the storefront's caches first, so a stale one would show.
    const details = async () => (await app.json(`/product-details?product_id=${created.id}`)).body;
    const search = async (term: string) => (await app.json(`/products?search=${encodeURIComponent(term)}`)).body.data.products as { id: number; price: number }[];
    expect((await details()).data.product.name).toBe('Storefront Lamp');
    expect((await search('Storefront')).map((p) => p.id)).toContain(created.id);
    await app.json('/products');

    const { status, body } = await post(
      `/seller/product/${created.id}/update`,
      seller.auth,
      form(
        validFields({
          name: 'Renamed Beacon',
          price: '59',
          discount_price: '0',
          thumbnail: '',
          'keep_images[]': [String(third!.id), String(second!.id)],
          quantity: '12',
          quantity_seen: '12',
        }),
      ),
    );
    expect(status).toBe(200);
    expect(body.data.product.additional_thumbnail.map((image: { id: number }) => image.id)).toEqual([third!.id, second!.id]);
    expect(body.data.product.thumbnail).toBe(third!.thumbnail);
    const files = await readdir(path.join(dataDir, 'uploads', 'products'));
    expect(files).not.toContain(path.basename(first!.thumbnail));

    const shown = await details();
    expect(shown.data.product.name).toBe('Renamed Beacon');
    expect(shown.data.product.price).toBe(59);
    expect((await search('Beacon')).map((p) => p.id)).toContain(created.id);
    expect((await search('Storefront')).map((p) => p.id)).not.toContain(created.id);

    // Switched off: gone from the storefront at once, its cached catalogue size included.
    const total = async () => (await app.json('/products')).body.data.total as number;
    const before = await total();
    expect((await app.json(`/seller/product/status/toggle/${created.id}`, request('POST', seller.auth))).body.data.product.is_active).toBe(false);
    expect((await app.json(`/product-details?product_id=${created.id}`)).status).toBe(404);
    expect((await search('Beacon')).map((p) => p.id)).not.toContain(created.id);
    expect(await total()).toBe(before - 1);
  });

  it('the listing’s facets (cached per scope) follow a price edit at once', async () => {
    const own = await createCategory(app.db, { name: 'Lanterns' });
    const product = (await create({ name: 'Facet Lantern', category: String(own.id), sub_category: '', price: '10', discount_price: '0' })).body.data.product;
    const facets = async () => (await app.json(`/products?category_id=${own.id}`)).body.data.filters;
    expect((await facets()).max_price).toBe(10);
    const edited = await app.json(`/seller/product/${product.id}/update`, request('POST', seller.auth, { name: 'Facet Lantern', category: own.id, price: 99, quantity: 1 }));
    expect(edited.status).toBe(200);
    expect((await facets()).max_price).toBe(99);
  });

  it('refuses keep_images of another product, too many pictures, and bad input, changing nothing', async () => {
    const mine = (await create({ name: 'Careful Lamp' })).body.data.product;
    const theirs = await productOfRival();
    const [foreign] = await app.db.select().from(productImages).where(eq(productImages.productId, theirs.id));
    const filesBefore = await uploaded();
    const attempts = [
      validFields({ thumbnail: '', 'keep_images[]': [String(foreign!.id)] }),
      validFields({ 'keep_images[]': [String(mine.additional_thumbnail[0].id)], 'images[]': Array.from({ length: 7 }, (_, i) => file(png, `${i}.png`)) }),
      validFields({ thumbnail: '', 'keep_images[]': [], price: '1.001' }),
      validFields({ thumbnail: '', sub_category: String(otherSub.id) }),
    ];
    for (const fields of attempts) expect((await post(`/seller/product/${mine.id}/update`, seller.auth, form(fields))).status).toBe(422);
    expect(await uploaded()).toBe(filesBefore);
    expect(await show(mine.id)).toEqual(mine);
  });
});

describe('stock edits race safely with orders', () => {
  async function productInStock(quantity: number) {
    return (await create({ name: 'Raced Lamp', quantity: String(quantity) })).body.data.product as { id: number; quantity: number };
  }
  const edit = (id: number, quantity: number, seen?: number) =>
    app.json(
      `/seller/product/${id}/update`,
      request('POST', seller.auth, { name: 'Raced Lamp', category: category.id, price: 10, quantity, ...(seen === undefined ? {} : { quantity_seen: seen }) }),
    );

  it('applies the seller’s change to what is left after an order placed in between, and refuses to go below zero', async () => {
    const product = await productInStock(10);
    const shopper = await newShopperWithAddress(app.db);
    expect((await app.json('/cart/store', request('POST', shopper.auth, { product_id: product.id, quantity: 4 }))).status).toBe(200);
    const placed = await app.json('/place-order', request('POST', shopper.auth, { shop_ids: [seller.shopId], address_id: shopper.addressId, payment_method: 'cash' }));
    expect(placed.status).toBe(201);
    // The form showed 10; the seller adds 5: 6 left + 5.
    expect((await edit(product.id, 15, 10)).body.data.product.quantity).toBe(11);
    // The form showed 11; the seller takes 12 off: refused, 11 left is said.
    const refused = await edit(product.id, 0, 12);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('11');
    expect((await show(product.id)).quantity).toBe(11);
    // Without quantity_seen the quantity is set as sent.
    expect((await edit(product.id, 3)).body.data.product.quantity).toBe(3);
  });

  it('an order placed at the same moment as an edit: both count, in either order', async () => {
    const product = await productInStock(10);
    const shopper = await newShopperWithAddress(app.db);
    await app.json('/cart/store', request('POST', shopper.auth, { product_id: product.id, quantity: 3 }));
    const [placed, edited] = await Promise.all([
      app.json('/place-order', request('POST', shopper.auth, { shop_ids: [seller.shopId], address_id: shopper.addressId, payment_method: 'cash' })),
      edit(product.id, 14, 10),
    ]);
    expect([placed.status, edited.status]).toEqual([201, 200]);
    expect((await show(product.id)).quantity).toBe(11);
  });

  it('two edits sent at once from forms showing the same stock both count', async () => {
    const product = await productInStock(20);
    const answers = await Promise.all([edit(product.id, 25, 20), edit(product.id, 17, 20)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await show(product.id)).quantity).toBe(22);
  });
});

describe('pictures and removal', () => {
  it('deletes one picture of the shop’s own product but never its last', async () => {
    const product = (await create({ name: 'Two Pictures', 'images[]': [file(png, 'b.png')] })).body.data.product;
    const [thumb, other] = product.additional_thumbnail as { id: number; thumbnail: string }[];
    const deleted = await app.json('/seller/product/thumbnail/delete', request('DELETE', seller.auth, { product_id: product.id, thumbnail_id: thumb!.id }));
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.product.thumbnail).toBe(other!.thumbnail);
    expect(await readdir(path.join(dataDir, 'uploads', 'products'))).not.toContain(path.basename(thumb!.thumbnail));
    const last = await app.json('/seller/product/thumbnail/delete', request('DELETE', seller.auth, { product_id: product.id, thumbnail_id: other!.id }));
    expect(last.status).toBe(409);
    const foreign = await app.json('/seller/product/thumbnail/delete', request('DELETE', seller.auth, { product_id: product.id, thumbnail_id: 999999 }));
    expect(foreign.status).toBe(404);
  });

  it('deletes a product never ordered with its files, and deactivates one that was ordered', async () => {
    const never = (await create({ name: 'Never Sold' })).body.data.product;
    const gone = await app.json(`/seller/product/${never.id}/destroy`, request('DELETE', seller.auth));
    expect(gone.body).toMatchObject({ message: 'Product deleted.', data: { outcome: 'deleted' } });
    expect(await app.db.select().from(products).where(eq(products.id, never.id))).toEqual([]);
    expect(await readdir(path.join(dataDir, 'uploads', 'products'))).not.toContain(path.basename(never.thumbnail));

    const sold = (await create({ name: 'Sold Once' })).body.data.product;
    const shopper = await newShopperWithAddress(app.db);
    await app.json('/cart/store', request('POST', shopper.auth, { product_id: sold.id, quantity: 1 }));
    expect((await app.json('/place-order', request('POST', shopper.auth, { shop_ids: [seller.shopId], address_id: shopper.addressId, payment_method: 'cash' }))).status).toBe(201);
    const kept = await app.json(`/seller/product/${sold.id}/destroy`, request('DELETE', seller.auth));
    expect(kept.status).toBe(200);
    expect(kept.body.data.outcome).toBe('deactivated');
    expect(kept.body.message).toMatch(/deactivated instead of deleted/);
    expect((await show(sold.id)).is_active).toBe(false);
  });
});
