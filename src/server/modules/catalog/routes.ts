import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { validQuery } from '../../http/validation';
import { findCategory, findSubCategory, listCategories } from './categories';
import { productDetails } from './product-details';
import { listProducts, searchProducts } from './products';
import { viewerOf } from './product-cards';
import { listReviews } from './reviews';
import { CategoryProductsQuery, ProductIdQuery, ProductListQuery, ReviewsQuery, SubCategoriesQuery, toProductFilters } from './schemas';
import { visitorKey } from '../rate-limit/middleware';
import { CACHE, cached } from '../../cache';

/** Categories, products, product details and reviews (docs/product.md §7.3). */
export const catalogRoutes = new Hono<AppEnv>()
  .get('/categories', async (c) => c.json({ message: '', data: { categories: await listCategories(c.var.db, c.var.locale) } }))
  .get('/sub-categories', validQuery(SubCategoriesQuery), async (c) => {
    const category = await findCategory(c.var.db, c.req.valid('query').category_id, c.var.locale);
    return c.json({ message: '', data: { sub_categories: category.sub_categories } });
  })
  .get('/category-products', validQuery(CategoryProductsQuery), async (c) => {
    const { category_id, sub_category_id, page, per_page } = c.req.valid('query');
    const category = await findCategory(c.var.db, category_id, c.var.locale);
    const subCategory = sub_category_id === undefined ? null : findSubCategory(category, sub_category_id);
    const result = await listProducts(c.var.db, { categoryId: category.id, subCategoryId: subCategory?.id }, undefined, { page, per_page }, viewerOf(c));
    const { sub_categories: _children, ...summary } = category;
    return c.json({ message: '', data: { ...result, category: summary, sub_category: subCategory } });
  })
  .get('/products', validQuery(ProductListQuery), async (c) => {
    const query = c.req.valid('query');
    const data = await searchProducts(c.var.db, toProductFilters(query), query.sort_type, query, viewerOf(c));
    return c.json({ message: '', data });
  })
  .get('/product-details', validQuery(ProductIdQuery), async (c) => {
    const data = await productDetails(c.var.db, c.req.valid('query').product_id, viewerOf(c), visitorKey(c));
    return c.json({ message: '', data });
  })
  .get('/reviews', validQuery(ReviewsQuery), async (c) => {
    const { product_id, shop_id, page, per_page } = c.req.valid('query');
    const subject = product_id === undefined ? { shopId: shop_id! } : { productId: product_id };
    const variant = JSON.stringify([subject, page, per_page]);
    return c.json({ message: '', data: await cached(c.var.db, CACHE.reviews, () => listReviews(c.var.db, subject, { page, per_page }), variant) });
  });
