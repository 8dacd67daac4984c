import type { IslandName } from './wake';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on first use (./directive.ts). */
    'client:wake'?: IslandName;
  }
}
