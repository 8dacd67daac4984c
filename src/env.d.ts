/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    shop: import('./server/page-context').PageContext;
  }
}
