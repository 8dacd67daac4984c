-- Content in the shopper's language (docs/product.md §9.1, docs/decisions/021-content-translations.md):
-- each content table gets `translations` ({"ar": {"name": …}, "ir": {…}}), slugs unique per
-- language, and search over the names in every language.
--
-- search_text() also folds the digits Arabic and Persian keyboards type (٠-٩, ۰-۹ -> 0-9),
-- heh with yeh above (ۀ -> ه) and the hamza seats (ؤ -> و, ئ -> ی), so a query typed on any
-- of the three keyboards finds what the index holds.
CREATE OR REPLACE FUNCTION search_text(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT translate(
    lower(public.unaccent('public.unaccent'::regdictionary, value)),
    'يىكأإآٱةۀؤئ' || '٠١٢٣٤٥٦٧٨٩' || '۰۱۲۳۴۵۶۷۸۹' || chr(8204) || 'ًٌٍَُِّْٰـ',
    'ییکااااههوی' || '0123456789' || '0123456789' || ' '
  )
$$;--> statement-breakpoint
-- The search form of a text and its translations' `field`, in one string: a row is found by
-- its text in any language. jsonb_each reads every language the row has. Index builds run
-- with a bare search_path, so the function keeps the one it was created with (the schema
-- that holds search_text()).
CREATE OR REPLACE FUNCTION localized_search_text(base text, translations jsonb, field text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
SET search_path FROM CURRENT
AS $$
  SELECT search_text(concat_ws(' ', base, (SELECT string_agg(t.value ->> field, ' ') FROM jsonb_each(translations) AS t)))
$$;--> statement-breakpoint
DROP INDEX "shops_name_search";--> statement-breakpoint
DROP INDEX "blogs_title_search";--> statement-breakpoint
ALTER TABLE "footer_items" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "footers" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "colors" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sizes" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_categories" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_categories" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_tags" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_pages" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_ar" ON "categories" USING btree (("translations" -> 'ar' ->> 'slug'));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_ir" ON "categories" USING btree (("translations" -> 'ir' ->> 'slug'));--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_ar" ON "products" USING btree (("translations" -> 'ar' ->> 'slug'));--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_ir" ON "products" USING btree (("translations" -> 'ir' ->> 'slug'));--> statement-breakpoint
CREATE UNIQUE INDEX "sub_categories_slug_ar" ON "sub_categories" USING btree (("translations" -> 'ar' ->> 'slug'));--> statement-breakpoint
CREATE UNIQUE INDEX "sub_categories_slug_ir" ON "sub_categories" USING btree (("translations" -> 'ir' ->> 'slug'));--> statement-breakpoint
CREATE UNIQUE INDEX "blogs_slug_ar" ON "blogs" USING btree (("translations" -> 'ar' ->> 'slug'));--> statement-breakpoint
CREATE UNIQUE INDEX "blogs_slug_ir" ON "blogs" USING btree (("translations" -> 'ir' ->> 'slug'));--> statement-breakpoint
CREATE INDEX "shops_name_search" ON "shops" USING gin (localized_search_text("name", "translations", 'name') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blogs_title_search" ON "blogs" USING gin (localized_search_text("title", "translations", 'title') gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "products" drop column "search_name";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (localized_search_text(name, translations, 'name')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_name_search" ON "products" USING gin ("search_name" gin_trgm_ops);
