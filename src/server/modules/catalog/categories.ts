import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { CACHE, cached } from '../../cache';
import { categories, subCategories } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { CategoryDto, SubCategoryDto } from '@/contracts/catalog';
import type { Translations } from '@/contracts/translations';
import { DEFAULT_LOCALE } from '@/lib/locales';
import { pickLocalized } from '../../db/localized';

/** Active categories with their active sub-categories, in menu order, their names in `locale`. */
export function listCategories(db: Db, locale: string): Promise<CategoryDto[]> {
  return cached(db, CACHE.categories, () => readCategories(db, locale), locale);
}

async function readCategories(db: Db, locale: string): Promise<CategoryDto[]> {
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
  const toDto = (row: CategoryRow) => toCategoryDto(row, locale);
  return parents.map((parent) => ({
    ...toDto(parent),
    sub_categories: children.filter((child) => child.categoryId === parent.id && child.isActive).map(toDto),
  }));
}

interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  thumbnail: string | null;
  translations: Translations;
}

/** Row to DTO: the only place a category or sub-category is shaped. */
function toCategoryDto(row: CategoryRow, locale: string): SubCategoryDto {
  const slugs: Record<string, string> = { [DEFAULT_LOCALE]: row.slug };
  for (const [language, fields] of Object.entries(row.translations)) if (fields?.slug) slugs[language] = fields.slug;
  return {
    id: row.id,
    name: pickLocalized(row.name, row.translations, 'name', locale),
    slug: pickLocalized(row.slug, row.translations, 'slug', locale),
    slugs,
    thumbnail: row.thumbnail,
  };
}

/** An active category (with its active sub-categories), or 404. */
export async function findCategory(db: Db, categoryId: number, locale: string): Promise<CategoryDto> {
  const category = (await listCategories(db, locale)).find((candidate) => candidate.id === categoryId);
  if (!category) throw notFound('Category not found.');
  return category;
}

/** An active sub-category of an active category, or 404. */
export function findSubCategory(category: CategoryDto, subCategoryId: number): SubCategoryDto {
  const sub = category.sub_categories.find((candidate) => candidate.id === subCategoryId);
  if (!sub) throw notFound('Category not found.');
  return sub;
}
