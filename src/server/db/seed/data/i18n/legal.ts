import type { LEGAL_PAGES } from '../legal';
import type { Locale } from './types';
import { LEGAL_AR } from './legal-ar.ts';
import { LEGAL_IR } from './legal-ir.ts';

type Page = (typeof LEGAL_PAGES)[number];
type Sections<Slug extends Page['slug']> = Extract<Page, { slug: Slug }>['sections'];

// Mapped types over type parameters keep tuples tuples: the same number of sections and paragraphs.
type Strings<T extends readonly unknown[]> = { readonly [K in keyof T]: string };
type Paragraphs<T extends readonly (readonly unknown[])[]> = { readonly [K in keyof T]: Strings<T[K]> };

/** A policy page in another language: section by section and paragraph by paragraph as the English one. */
export interface TranslatedPage<Slug extends Page['slug']> {
  title: string;
  sections: Paragraphs<Sections<Slug>>;
}

export type TranslatedPages = { readonly [Slug in Page['slug']]: TranslatedPage<Slug> };

export const LEGAL_TEXT: Record<Locale, TranslatedPages> = { ar: LEGAL_AR, ir: LEGAL_IR };
