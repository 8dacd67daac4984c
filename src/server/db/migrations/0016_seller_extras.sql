ALTER TABLE "shops" ADD COLUMN "locale" varchar(10) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "total_limit" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "total_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_total_used_within_limit" CHECK ("vouchers"."total_used" >= 0 and ("vouchers"."total_limit" is null or "vouchers"."total_used" <= "vouchers"."total_limit"));