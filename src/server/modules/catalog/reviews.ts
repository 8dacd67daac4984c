import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { products, reviews, shops, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { pageWindow, type Page } from '../../http/query-params';
import { isPublicProduct } from './product-query';

export interface ReviewDto {
  id: number;
  rating: number;
  review: string | null;
  created_at: string;
  user: { name: string; profile_photo: string | null };
}

/** Average, count and how many reviews gave each number of stars. */
export interface ReviewSummary {
  average: number;
  total: number;
  stars: Record<'1' | '2' | '3' | '4' | '5', number>;
}

/** GET /reviews: a page of a public product's published reviews, newest first, with their summary. */
export async function listReviews(db: Db, productId: number, page: Page) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(products.id, productId), isPublicProduct));
  if (!product) throw notFound('Product not found.');

  const visible = and(eq(reviews.productId, productId), eq(reviews.isActive, true));
  const { limit, offset } = pageWindow(page);
  const [rows, starRows] = await Promise.all([
    db
      .select({ review: reviews, userName: users.name, userPhoto: users.profilePhoto })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(visible)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset(offset),
    db.select({ rating: reviews.rating, n: count() }).from(reviews).where(visible).groupBy(reviews.rating),
  ]);
  const summary = toSummary(starRows);
  return { total: summary.total, reviews: rows.map(toReviewDto), summary };
}

function toReviewDto({ review, userName, userPhoto }: { review: typeof reviews.$inferSelect; userName: string; userPhoto: string | null }): ReviewDto {
  return {
    id: review.id,
    rating: review.rating,
    review: review.review,
    created_at: review.createdAt.toISOString(),
    user: { name: userName, profile_photo: userPhoto },
  };
}

function toSummary(rows: { rating: number; n: number }[]): ReviewSummary {
  const stars: ReviewSummary['stars'] = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let total = 0;
  let sum = 0;
  for (const { rating, n } of rows) {
    const key = String(rating) as keyof ReviewSummary['stars'];
    if (!(key in stars)) continue;
    stars[key] = n;
    total += n;
    sum += rating * n;
  }
  return { average: total ? Math.round((sum / total) * 10) / 10 : 0, total, stars };
}
