CREATE TABLE "product_vat_taxes" (
	"product_id" integer NOT NULL,
	"vat_tax_id" integer NOT NULL,
	CONSTRAINT "product_vat_taxes_product_id_vat_tax_id_pk" PRIMARY KEY("product_id","vat_tax_id")
);
--> statement-breakpoint
CREATE TABLE "shop_vat_taxes" (
	"shop_id" integer NOT NULL,
	"vat_tax_id" integer NOT NULL,
	CONSTRAINT "shop_vat_taxes_shop_id_vat_tax_id_pk" PRIMARY KEY("shop_id","vat_tax_id")
);
--> statement-breakpoint
CREATE TABLE "vat_taxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "vat_taxes_percentage_range" CHECK ("vat_taxes"."percentage" >= 0 and "vat_taxes"."percentage" <= 100)
);
--> statement-breakpoint
ALTER TABLE "product_vat_taxes" ADD CONSTRAINT "product_vat_taxes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_vat_taxes" ADD CONSTRAINT "product_vat_taxes_vat_tax_id_vat_taxes_id_fk" FOREIGN KEY ("vat_tax_id") REFERENCES "public"."vat_taxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_vat_taxes" ADD CONSTRAINT "shop_vat_taxes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_vat_taxes" ADD CONSTRAINT "shop_vat_taxes_vat_tax_id_vat_taxes_id_fk" FOREIGN KEY ("vat_tax_id") REFERENCES "public"."vat_taxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_cart_product" ON "cart_items" USING btree ("cart_id","product_id","is_buy_now");