-- Search tolerant of case and accents in every language of the shop (docs/product.md §2.4).
-- pg_trgm and unaccent ship with PostgreSQL's contrib and with PGlite (db/client.ts loads them).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- The search form of a text: accents removed (Crème -> creme), lower case, Arabic and
-- Persian letter variants folded (ي/ی, ك/ک, أ/إ/آ/ٱ -> ا, ة -> ه, ى -> ی), the Persian
-- zero-width non-joiner read as a space (بی‌سیم = بی سیم), Arabic diacritics and tatweel
-- dropped. unaccent() is only STABLE (its dictionary could be swapped), so this wrapper
-- names the dictionary and is declared IMMUTABLE, which lets indexes be built on it.
-- Queries call it on both sides: search_text(column) LIKE '%' || search_text(term) || '%'.
CREATE OR REPLACE FUNCTION search_text(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT translate(
    lower(public.unaccent('public.unaccent'::regdictionary, value)),
    'يىكأإآٱة' || chr(8204) || 'ًٌٍَُِّْٰـ',
    'ییکااااه '
  )
$$;
