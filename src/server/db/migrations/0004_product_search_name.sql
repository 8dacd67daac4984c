DROP INDEX "products_name_search";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_text(name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_name_search" ON "products" USING gin ("search_name" gin_trgm_ops);