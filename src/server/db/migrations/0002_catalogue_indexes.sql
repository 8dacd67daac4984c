DROP INDEX "products_created";--> statement-breakpoint
DROP INDEX "products_sold";--> statement-breakpoint
DROP INDEX "blogs_published";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "effective_price" integer GENERATED ALWAYS AS (CASE WHEN discount_price > 0 THEN discount_price ELSE price END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "discount_percentage" smallint GENERATED ALWAYS AS (CASE WHEN discount_price > 0 AND discount_price < price THEN round(100.0 * (price - discount_price) / price)::smallint ELSE 0 END) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_views" ON "products" USING btree ("views","id");--> statement-breakpoint
CREATE INDEX "products_rating" ON "products" USING btree ("rating","total_reviews","id");--> statement-breakpoint
CREATE INDEX "products_effective_price" ON "products" USING btree ("effective_price","id");--> statement-breakpoint
CREATE INDEX "products_discount" ON "products" USING btree ("discount_percentage","id");--> statement-breakpoint
CREATE INDEX "products_name_search" ON "products" USING gin (search_text("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_name_search" ON "shops" USING gin (search_text("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blogs_title_search" ON "blogs" USING gin (search_text("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_created" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_sold" ON "products" USING btree ("total_sold","id");--> statement-breakpoint
CREATE INDEX "blogs_published" ON "blogs" USING btree ("status","published_at","id");