import { apiGet } from '../pages/page-api';
import { DEFAULT_PER_PAGE, parsePageParam, pastLastPage, withoutPage } from '../../lib/pagination';
import { apiCall, nullIfMissing, previewQuery } from './api';
import { notFound, page, redirect, type PageOutcome, type PageRequest } from './outcome';
import type { BlogDetailsDto, BlogDto } from '../../contracts/blog';

/** The blog: the list of posts (searched, by category) and one post. */

export interface BlogCategory {
  id: number;
  name: string;
  slug: string;
  total: number;
}

interface BlogList {
  total: number;
  blogs: BlogDto[];
  categories: BlogCategory[];
}

export interface BlogsPageData extends BlogList {
  search: string;
  /** The category asked for by `category`, when it is a plausible id. */
  categoryId: number | undefined;
  /** That category, when the blog has it. */
  category: BlogCategory | undefined;
  page: number;
  perPage: number;
}

/** /blogs: a page of posts, searched by `search` and narrowed by `category`; a bad page number goes to the first page, one past the end to the last. */
export async function loadBlogsPage(req: PageRequest): Promise<PageOutcome<BlogsPageData>> {
  const params = req.url.searchParams;
  const number = parsePageParam(params.get('page'));
  if (number === null) return redirect(withoutPage(req.url));
  const search = (params.get('search') ?? '').trim();
  const categoryParam = (params.get('category') ?? '').trim();
  const categoryId = /^\d{1,9}$/.test(categoryParam) && Number(categoryParam) > 0 ? Number(categoryParam) : undefined;

  const query = new URLSearchParams({ page: String(number), per_page: String(DEFAULT_PER_PAGE) });
  if (search) query.set('search', search);
  if (categoryId !== undefined) query.set('category_id', String(categoryId));
  const call = apiCall(req);
  // A search the API refuses (far too long) finds nothing; the categories still show.
  const list =
    (await apiGet<BlogList>(`/blogs?${query}`, call).catch(nullIfMissing)) ?? ({ ...(await apiGet<BlogList>('/blogs?per_page=1', call)), total: 0, blogs: [] } satisfies BlogList);
  const past = pastLastPage(req.url, number, list.total, DEFAULT_PER_PAGE);
  if (past) return redirect(past);
  const category = list.categories.find((candidate) => candidate.id === categoryId);
  return page({ ...list, search, categoryId, category, page: number, perPage: DEFAULT_PER_PAGE });
}

export interface BlogPostPageData {
  blog: BlogDetailsDto;
  related: BlogDto[];
  /** A draft opened through an editor's preview link. */
  preview: boolean;
}

/** /blog/{slug}: a published post with its related posts (or a draft through a preview link); any other slug is not found. */
export async function loadBlogPostPage(req: PageRequest): Promise<PageOutcome<BlogPostPageData>> {
  const slug = req.params.slug ?? '';
  if (slug.length > 220 || !/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u.test(slug)) return notFound();
  const found = await apiGet<{ blog: BlogDetailsDto; related_blogs: BlogDto[]; preview: boolean }>(
    `/blog/${encodeURIComponent(slug)}/details${previewQuery(req.url)}`,
    apiCall(req),
  ).catch(nullIfMissing);
  if (!found) return notFound();
  return page({ blog: found.blog, related: found.related_blogs, preview: found.preview });
}
