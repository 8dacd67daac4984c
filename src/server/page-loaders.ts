import type { BlogDetailsDto, BlogDto } from './modules/blog/dto';
import type { LegalPageDto } from './modules/pages/service';
import { apiGet, nullIfNotFound } from './page-api';

/**
 * An editor's preview link (`npm run preview-link`) carries `?preview=<token>`; it goes
 * on to the API, which alone decides whether it opens a draft.
 */
function previewQuery(request: Request): string {
  const token = new URL(request.url).searchParams.get('preview');
  return token ? `?${new URLSearchParams({ preview: token })}` : '';
}

/**
 * A published legal or policy page (or a draft opened by a preview link, then
 * `preview` is true), or null when there is none (the route then shows Page Not Found).
 */
export async function loadLegalPage(request: Request, locale: string, slug: string): Promise<{ page: LegalPageDto; preview: boolean } | null> {
  return apiGet<{ page: LegalPageDto; preview: boolean }>(`/legal-pages/${encodeURIComponent(slug)}${previewQuery(request)}`, { request, locale }).catch(nullIfNotFound);
}

export interface BlogPostPage {
  blog: BlogDetailsDto;
  related_blogs: BlogDto[];
  preview: boolean;
}

/** A published blog post with its related posts (or a draft through a preview link), or null. */
export async function loadBlogPost(request: Request, locale: string, slug: string): Promise<BlogPostPage | null> {
  return apiGet<BlogPostPage>(`/blog/${encodeURIComponent(slug)}/details${previewQuery(request)}`, { request, locale }).catch(nullIfNotFound);
}
