-- The country, state and city of an address (docs/product.md §3.5 Address).
-- Nullable, without a default: addresses saved before this migration keep working and
-- simply have none (nothing sensible could be guessed for them); the shop's forms ask
-- for the three when such an address is next edited. Orders keep their delivery address
-- as a jsonb copy (orders.address), which needs no change: copies made from now on carry
-- "country", "state" and "city", older copies lack the keys and are read as before.
ALTER TABLE "addresses" ADD COLUMN "country" varchar(100);--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "state" varchar(100);--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "city" varchar(100);