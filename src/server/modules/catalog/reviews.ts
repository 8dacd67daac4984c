import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { products, reviews, shops, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { limitOffset, type Page } from '@/lib/pagination';
import { isPublicProduct, isPublicShop } from './visibility';
import type { RatingPercentages, ReviewDto, ReviewSummary } from '@/contracts/catalog';

/** Whose reviews: a public product's, or an active shop's (all its products'). */
export type ReviewSubject = { productId: number } | { shopId: number };

async function visibleReviews(db: Db, subject: ReviewSubject) {
  if ('productId' in subject) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(and(eq(products.id, subject.productId), isPublicProduct));
    if (!product) throw notFound('Product not found.');
    return and(eq(reviews.productId, subject.productId), eq(reviews.isActive, true));
  }
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, subject.shopId), isPublicShop));
  if (!shop) throw notFound('Shop not found.');
  return and(eq(reviews.shopId, subject.shopId), eq(reviews.isActive, true));
}

/** GET /reviews: a page of a public product's or shop's published reviews, newest first, with their summary. */
export async function listReviews(db: Db, subject: ReviewSubject, page: Page) {
  const visible = await visibleReviews(db, subject);
  const { limit, offset } = limitOffset(page);
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
  return { total: summary.total, reviews: rows.map(toReviewDto), summary, average_rating_percentage: toPercentages(summary) };
}

function toReviewDto({ review, userName, userPhoto }: { review: typeof reviews.$inferSelect; userName: string; userPhoto: string | null }): ReviewDto {
  return {
    id: review.id,
    rating: review.rating,
    review: review.review,
    created_at: review.createdAt.toISOString(),
    user: { name: userName, profile_photo: userPhoto },
    description: review.review,
    customer_name: userName,
    customer_profile: userPhoto,
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

/** Percentages to two decimals, like the original API; all zero without reviews. */
function toPercentages({ average, total, stars }: ReviewSummary): RatingPercentages {
  const share = (n: number) => (total ? Math.round((n / total) * 10_000) / 100 : 0);
  return {
    rating: average,
    total_review: total,
    percentages: { '1': share(stars['1']), '2': share(stars['2']), '3': share(stars['3']), '4': share(stars['4']), '5': share(stars['5']) },
  };
}
