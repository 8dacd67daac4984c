CREATE TABLE "shop_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"order_id" integer,
	"withdrawal_id" integer,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_ledger_names_one" CHECK (("shop_ledger"."order_id" is null) <> ("shop_ledger"."withdrawal_id" is null))
);
--> statement-breakpoint
CREATE TABLE "shop_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"type" varchar(24) NOT NULL,
	"event_key" varchar(80) NOT NULL,
	"title" varchar(200) NOT NULL,
	"message" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"url" varchar(300),
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"name" varchar(120),
	"contact_number" varchar(40),
	"message" varchar(500),
	"reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "status" varchar(12) DEFAULT 'pending' NOT NULL;--> statement-breakpoint
UPDATE "shops" SET "status" = CASE WHEN "is_active" THEN 'active' ELSE 'pending' END;--> statement-breakpoint
ALTER TABLE "shops" DROP COLUMN "is_active";--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "is_active" boolean GENERATED ALWAYS AS (status = 'active') STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "shops_active" ON "shops" USING btree ("is_active");--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "phone" varchar(20);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "email" varchar(190);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "opening_time" varchar(5);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "closing_time" varchar(5);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "off_days" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "min_order_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gross" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "commission" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "net" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "actor" varchar(10);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_net" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "seller_net" = "payable_amount";--> statement-breakpoint
DELETE FROM "order_status_history" h USING "order_status_history" earlier WHERE h."order_id" = earlier."order_id" AND h."status" = earlier."status" AND h."id" > earlier."id";--> statement-breakpoint
ALTER TABLE "shop_ledger" ADD CONSTRAINT "shop_ledger_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger" ADD CONSTRAINT "shop_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger" ADD CONSTRAINT "shop_ledger_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_notifications" ADD CONSTRAINT "shop_notifications_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_ledger_shop" ON "shop_ledger" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_ledger_order_event" ON "shop_ledger" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_ledger_withdrawal_event" ON "shop_ledger" USING btree ("withdrawal_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_notifications_event" ON "shop_notifications" USING btree ("shop_id","event_key");--> statement-breakpoint
CREATE INDEX "shop_notifications_shop" ON "shop_notifications" USING btree ("shop_id","read_at","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_shop" ON "withdrawals" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status" ON "withdrawals" USING btree ("status");--> statement-breakpoint
CREATE INDEX "shops_status" ON "shops" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_status_history_once" ON "order_status_history" USING btree ("order_id","status");--> statement-breakpoint
CREATE INDEX "orders_shop_created" ON "orders" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_shop_status" ON "orders" USING btree ("shop_id","order_status","created_at");--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_min_order_not_negative" CHECK ("shops"."min_order_amount" >= 0);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_seller_split" CHECK ("order_items"."commission" >= 0 and "order_items"."commission" + "order_items"."net" = "order_items"."gross");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_split" CHECK ("orders"."commission_amount" >= 0 and "orders"."commission_amount" + "orders"."seller_net" = "orders"."payable_amount");