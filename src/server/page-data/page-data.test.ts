import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-envelope';
import { apiGet, apiPost } from '../pages/page-api';
import { loadBestDealPage, loadCategoryPage, loadMostPopularPage, loadProductDetailsPage, loadProductsPage, loadProductsShopsPage } from './catalog';
import { loadBlogPostPage, loadBlogsPage } from './blog';
import { loadContactPage, loadLegalPage } from './content';
import { loadFlashSalePage } from './flash-sales';
import { loadShopPage, loadShopsPage } from './shops';
import { notFound, page, redirect, respond, type PageRequest } from './outcome';

/**
 * The loaders' decisions (redirects, Page Not Found, what a refused parameter does), with
 * the API replaced: which calls they make and how they read its answers and refusals.
 */
vi.mock('../pages/page-api', () => ({ apiGet: vi.fn(), apiPost: vi.fn() }));

const get = vi.mocked(apiGet);
const post = vi.mocked(apiPost);

function request(address: string, params: Record<string, string> = {}, init?: RequestInit): PageRequest {
  const url = new URL(address, 'http://shop.test');
  return { request: new Request(url, init), url, params, shop: { locale: 'en', currency: null } as unknown as App.Locals['shop'] };
}

/** The paths the API was called with, in order. */
const calledPaths = () => get.mock.calls.map(([path]) => path);

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe('respond', () => {
  const astro = {
    redirect: vi.fn((location: string) => new Response(null, { status: 302, headers: { location } })),
    rewrite: vi.fn(async () => new Response('not found', { status: 404 })),
    request: new Request('http://shop.test/shops'),
    cookies: { set: vi.fn() },
    locals: { https: false },
  } as unknown as Parameters<typeof respond>[0];

  it('redirects to the location, or renders the 404 page at this address', async () => {
    expect((await respond(astro, redirect('/shops'))).headers.get('location')).toBe('/shops');
    expect((await respond(astro, notFound())).status).toBe(404);
    expect(vi.mocked(astro.rewrite)).toHaveBeenCalledWith('/404');
    expect(page({ a: 1 })).toEqual({ kind: 'page', data: { a: 1 } });
  });
});

describe('listing pages', () => {
  it('send a bad page number to the first page, keeping the other parameters', async () => {
    expect(await loadShopsPage(request('/shops?search=tea&page=0'))).toEqual(redirect('/shops?search=tea'));
    expect(await loadBlogsPage(request('/blogs?page=abc'))).toEqual(redirect('/blogs'));
    expect(await loadFlashSalePage(request('/flash-sale/3?page=-1', { id: '3' }))).toEqual(redirect('/flash-sale/3'));
    expect(get).not.toHaveBeenCalled();
  });

  it('read a page of shops; a search the API refuses finds nothing', async () => {
    get.mockResolvedValueOnce({ total: 11, shops: [] });
    const outcome = await loadShopsPage(request('/shops?search=tea&page=2'));
    expect(outcome).toEqual(page({ total: 11, shops: [], search: 'tea', page: 2, perPage: 10 }));
    expect(calledPaths()).toEqual(['/shops?page=2&per_page=10&search=tea']);

    get.mockRejectedValueOnce(new ApiError(422, 'The search field must not be greater than 200 characters.', { search: ['too long'] }));
    expect(await loadShopsPage(request('/shops?search=x'))).toEqual(page({ total: 0, shops: [], search: 'x', page: 1, perPage: 10 }));
  });

  it('show the blog categories when the API refuses the search', async () => {
    const categories = [{ id: 2, name: 'News', slug: 'news', total: 4 }];
    get.mockRejectedValueOnce(new ApiError(422, 'Too long', { search: ['too long'] })).mockResolvedValueOnce({ total: 9, blogs: [{}], categories });
    const outcome = await loadBlogsPage(request('/blogs?category=2&search=x'));
    expect(outcome).toEqual(page({ total: 0, blogs: [], categories, search: 'x', categoryId: 2, category: categories[0], page: 1, perPage: 10 }));
    expect(calledPaths()).toEqual(['/blogs?page=1&per_page=10&search=x&category_id=2', '/blogs?per_page=1']);
  });

  it('pass on any other API failure', async () => {
    get.mockRejectedValueOnce(new ApiError(500, 'Server Error'));
    await expect(loadShopsPage(request('/shops'))).rejects.toThrow('Server Error');
  });
});

describe('a page past the last (lib/pagination.ts pastLastPage): every listing goes to its last page', () => {
  const facets = { sizes: [], colors: [], brands: [], min_price: 0, max_price: 0 };
  const categories = [{ id: 1, slug: 'tea', slugs: { en: 'tea' }, sub_categories: [] }];

  it('keeps the other parameters; the last page itself renders', async () => {
    get.mockResolvedValue({ total: 25, shops: [] });
    expect(await loadShopsPage(request('/shops?search=tea&page=9'))).toEqual(redirect('/shops?search=tea&page=3'));
    expect(await loadShopsPage(request('/shops?search=tea&page=3'))).toMatchObject({ kind: 'page', data: { page: 3 } });

    get.mockResolvedValue({ total: 11, blogs: [], categories: [] });
    expect(await loadBlogsPage(request('/blogs?category=2&page=5'))).toEqual(redirect('/blogs?category=2&page=2'));

    get.mockResolvedValue({ total: 4, flash_sale: { id: 3 } });
    expect(await loadFlashSalePage(request('/flash-sale/3?page=2', { id: '3' }))).toEqual(redirect('/flash-sale/3'));

    get.mockResolvedValue({ total: 31, products: [] });
    expect(await loadBestDealPage(request('/best-deal?page=7'))).toEqual(redirect('/best-deal?page=4'));
    expect(await loadMostPopularPage(request('/most-popular?page=4'))).toMatchObject({ kind: 'page', data: { page: 4 } });
  });

  it('goes to the first page of an empty list, and never redirects its first page', async () => {
    get.mockResolvedValue({ total: 0, shops: [] });
    expect(await loadShopsPage(request('/shops?search=none&page=2'))).toEqual(redirect('/shops?search=none'));
    expect(await loadShopsPage(request('/shops?search=none'))).toMatchObject({ kind: 'page', data: { page: 1, total: 0 } });
  });

  it("holds for the filtered catalogue, a category, a shop's products and a product's reviews", async () => {
    get.mockImplementation(async (path) => (path === '/categories' ? { categories } : { total: 12, products: [], filters: facets }));
    expect(await loadProductsPage(request('/products?sort_type=newest&page=3'))).toEqual(redirect('/products?sort_type=newest&page=2'));
    expect(await loadCategoryPage(request('/categories/tea?page=9', { slug: 'tea' }))).toEqual(redirect('/categories/tea?page=2'));

    get.mockImplementation(async (path) => (path.startsWith('/shops/') ? { shop: { id: 4 } } : { total: 3, products: [] }));
    expect(await loadShopPage(request('/shops/tea-house?sort_type=newest&page=2', { id: 'tea-house' }))).toEqual(redirect('/shops/tea-house?sort_type=newest'));

    get.mockImplementation(async (path) =>
      path.startsWith('/reviews') ? { total: 6, reviews: [], summary: {} } : { product: { id: 9 }, related_products: [], popular_products: [] },
    );
    expect(await loadProductDetailsPage(request('/products/9/details?reviews_page=4', { id: '9' }))).toEqual(redirect('/products/9/details?reviews_page=2#reviews'));
  });
});

describe('products page', () => {
  const categories = [{ id: 1, slug: 'tea', slugs: { en: 'tea' }, sub_categories: [{ id: 5, slugs: { en: 'green' } }] }];
  const listing = { total: 0, products: [], filters: { sizes: [], colors: [], brands: [], min_price: 0, max_price: 0 } };

  it('tidies what a form without JavaScript sends', async () => {
    expect(await loadProductsPage(request('/products?brand_id=3&brand_id=7&search=&page=1'))).toEqual(redirect('/products?brand_id=3,7'));
    expect(get).not.toHaveBeenCalled();
  });

  it('drops the parameters the API refuses and says why', async () => {
    get
      .mockResolvedValueOnce({ categories })
      .mockRejectedValueOnce(new ApiError(422, 'Invalid', { rating: ['The rating must be between 1 and 5.'] }))
      .mockResolvedValueOnce(listing);
    const outcome = await loadProductsPage(request('/products?rating=9&sort_type=new'));
    expect(outcome).toMatchObject({ kind: 'page', data: { state: { sort_type: 'new' }, refused: { rating: ['The rating must be between 1 and 5.'] }, page: 1 } });
    expect(calledPaths()).toEqual(['/categories', '/products?rating=9&sort_type=new&per_page=10', '/products?sort_type=new&per_page=10']);
  });

  it('names the category of a sub-category given alone', async () => {
    get.mockResolvedValueOnce({ categories }).mockResolvedValueOnce(listing);
    await loadProductsPage(request('/products?sub_category_id=5'));
    expect(calledPaths()[1]).toBe('/products?category_id=1&sub_category_id=5&per_page=10');
  });

  it('searches products and shops only with a search, and shows no products for a refused one', async () => {
    expect(await loadProductsShopsPage(request('/products-shops?search=%20'))).toEqual({
      search: '',
      products: { total: 0, products: [] },
      shops: { total: 0, shops: [] },
      refused: {},
    });
    expect(get).not.toHaveBeenCalled();
    get.mockImplementation(async (path) => {
      if (path.startsWith('/shops')) return { total: 1, shops: [{ id: 1 }] };
      throw new ApiError(422, 'Too long', { search: ['too long'] });
    });
    const data = await loadProductsShopsPage(request('/products-shops?search=x'));
    expect(data).toMatchObject({ search: 'x', products: { total: 0, products: [] }, shops: { total: 1 }, refused: { search: ['too long'] } });
  });
});

describe('one thing by its key', () => {
  it('is not found for a malformed key, without asking the API', async () => {
    expect(await loadProductDetailsPage(request('/products/abc/details', { id: 'abc' }))).toEqual(notFound());
    expect(await loadShopPage(request('/shops/a b', { id: 'a b' }))).toEqual(notFound());
    expect(await loadBlogPostPage(request('/blog/-x', { slug: '-x' }))).toEqual(notFound());
    expect(await loadFlashSalePage(request('/flash-sale/0', { id: '0' }))).toEqual(notFound());
    expect(get).not.toHaveBeenCalled();
  });

  it('is not found when the API has none', async () => {
    get.mockRejectedValue(new ApiError(404, 'Not found'));
    expect(await loadShopPage(request('/shops/7', { id: '7' }))).toEqual(notFound());
    expect(await loadLegalPage(request('/page/nothing', { slug: 'nothing' }))).toEqual(notFound());
    expect(await loadProductDetailsPage(request('/products/9/details', { id: '9' }))).toEqual(notFound());
  });

  it('reads a product with a page of its reviews', async () => {
    get.mockImplementation(async (path) =>
      path.startsWith('/reviews') ? { total: 6, reviews: [], summary: {} } : { product: { id: 9 }, related_products: [], popular_products: [] },
    );
    const outcome = await loadProductDetailsPage(request('/products/9/details?reviews_page=2', { id: '9' }));
    expect(outcome).toMatchObject({ kind: 'page', data: { product: { id: 9 }, reviewsPage: 2, reviewsPerPage: 5 } });
    expect(calledPaths()).toEqual(['/product-details?product_id=9', '/reviews?product_id=9&page=2&per_page=5']);
  });

  it('passes an editor’s preview token on to the API', async () => {
    get.mockResolvedValue({ blog: {}, related_blogs: [], preview: true });
    expect(await loadBlogPostPage(request('/blog/a-post?preview=tok', { slug: 'a-post' }))).toEqual(page({ blog: {}, related: [], preview: true }));
    get.mockResolvedValue({ page: {}, preview: false });
    await loadLegalPage(request('/about-us'), 'about-us');
    expect(calledPaths()).toEqual(['/blog/a-post/details?preview=tok', '/legal-pages/about-us']);
  });
});

describe('shop page', () => {
  const shop = { id: 4, name: 'Tea House' };

  it('redirects a bad page number and the parameters the API refuses to the address without them', async () => {
    get.mockResolvedValue({ shop });
    expect(await loadShopPage(request('/shops/tea-house?sort_type=new&page=x', { id: 'tea-house' }))).toEqual(redirect('/shops/tea-house?sort_type=new'));

    get.mockReset();
    get.mockResolvedValueOnce({ shop }).mockRejectedValueOnce(new ApiError(422, 'Invalid', { min_price: ['must be a number'] }));
    expect(await loadShopPage(request('/shops/tea-house?min_price=abc&sort_type=new', { id: 'tea-house' }))).toEqual(redirect('/shops/tea-house?sort_type=new'));
    expect(calledPaths()[1]).toBe('/products?min_price=abc&sort_type=new&per_page=10&shop_id=4');
  });
});

describe('contact page', () => {
  const details = { email: 'help@shop.test', phone: '', address: '' };
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return { method: 'POST', body };
  };

  it('shows an empty form and the contact details', async () => {
    get.mockResolvedValue(details);
    expect(await loadContactPage(request('/contact-us'))).toEqual({ form: { values: {}, errors: {}, success: null }, details, status: 200 });
    expect(post).not.toHaveBeenCalled();
  });

  it('sends a post to the API and answers 422 or 429 with what it refused', async () => {
    get.mockResolvedValue(details);
    post.mockResolvedValueOnce({ message: 'Thanks', data: null });
    expect((await loadContactPage(request('/contact-us', {}, form({ name: 'A', message: 'Hi' })))).form.success).toBe('Thanks');
    expect(post.mock.calls[0]?.[1]).toMatchObject({ locale: 'en', body: { name: 'A', email: '', phone: '', subject: '', message: 'Hi' } });

    post.mockRejectedValueOnce(new ApiError(422, 'Invalid', { subject: ['The subject field is required.'] }));
    const refused = await loadContactPage(request('/contact-us', {}, form({ name: 'A' })));
    expect(refused).toMatchObject({ status: 422, form: { values: { name: 'A' }, errors: { subject: ['The subject field is required.'] } } });

    post.mockRejectedValueOnce(new ApiError(429, 'Too many messages.'));
    expect(await loadContactPage(request('/contact-us', {}, form({ name: 'A' })))).toMatchObject({ status: 429, form: { failure: 'Too many messages.' } });
  });
});
