import type { Hono } from 'hono';
import type { AppEnv } from '../context';

/**
 * The methods registered for a path, so an existing path asked with the wrong method
 * answers 405 with an Allow header instead of a misleading 404.
 */
export function allowedMethods(app: Hono<AppEnv>, path: string): string[] {
  const methods = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    if (patternFor(route.path).test(path)) methods.add(route.method);
  }
  return [...methods];
}

const patterns = new Map<string, RegExp>();

function patternFor(routePath: string): RegExp {
  let pattern = patterns.get(routePath);
  if (!pattern) {
    const source = routePath
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    pattern = new RegExp(`^${source}/?$`);
    patterns.set(routePath, pattern);
  }
  return pattern;
}
