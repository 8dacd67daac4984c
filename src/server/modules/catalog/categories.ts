import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { CACHE, cached } from '../../cache';
import { categories, subCategories } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { CategoryDto, SubCategoryDto } from '@/contracts/catalog';

/** Active categories with their active sub-categories, in menu order. */
export function listCategories(db: Db): Promise<CategoryDto[]> {
  return cached(db, CACHE.categories, async () => {
    const parents = await db.select().from(categories).where(eq(categories.isActive, true)).orderBy(asc(categories.sortOrder), asc(categories.id));
    const children = parents.length
      ? await db
          .select()
          .from(subCategories)
          .where(
            inArray(
              subCategories.categoryId,
              parents.map((parent) => parent.id),
            ),
          )
          .orderBy(asc(subCategories.sortOrder), asc(subCategories.id))
      : [];
    return parents.map((parent) => ({
      ...toDto(parent),
      sub_categories: children.filter((child) => child.categoryId === parent.id && child.isActive).map(toDto),
    }));
  });
}

function toDto(row: { id: number; name: string; slug: string; thumbnail: string | null }): SubCategoryDto {
  return { id: row.id, name: row.name, slug: row.slug, thumbnail: row.thumbnail };
}

/** An active category (with its active sub-categories), or 404. */
export async function findCategory(db: Db, categoryId: number): Promise<CategoryDto> {
  const category = (await listCategories(db)).find((candidate) => candidate.id === categoryId);
  if (!category) throw notFound('Category not found.');
  return category;
}

/** An active sub-category of an active category, or 404. */
export function findSubCategory(category: CategoryDto, subCategoryId: number): SubCategoryDto {
  const sub = category.sub_categories.find((candidate) => candidate.id === subCategoryId);
  if (!sub) throw notFound('Category not found.');
  return sub;
}
