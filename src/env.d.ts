/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    shop: import('./server/pages/page-context').PageContext;
    /** The request reached the shop over HTTPS: cookies set by pages are Secure. */
    https: boolean;
    /** The message the previous response left for this page (server/http/flash.ts). */
    flash: import('./server/http/flash').FlashMessage | null;
    /** Set while the middleware renders a signed-in shopper's personal parts alone (pages/personal-parts.astro). */
    personalParts?: true;
  }
}
