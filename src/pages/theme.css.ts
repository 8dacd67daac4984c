import type { APIRoute } from 'astro';
import { themeStyle } from '../server/pages/theme-style';

/**
 * The shop's twelve theme shades as a stylesheet (linked by BaseLayout with a version),
 * rather than an inline <style>: the page CSP allows only hashed inline styles, and a
 * file from 'self' needs no hash and is cached across pages.
 */
export const GET: APIRoute = ({ locals, url }) => {
  const theme = themeStyle(locals.shop.master.theme_colors);
  if (!theme) return new Response('', { status: 404, headers: { 'Content-Type': 'text/css' } });
  const current = url.searchParams.get('v') === theme.version;
  return new Response(theme.css, {
    headers: {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    },
  });
};
