CREATE TABLE "live_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"shop_id" integer,
	"kind" varchar(40) NOT NULL,
	"subject" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "ticket_messages_ticket";--> statement-breakpoint
ALTER TABLE "support_tickets" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "shop_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_issue_types" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "sender_role" varchar(10) NOT NULL;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_message_id_ticket_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."ticket_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_user" ON "live_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "live_events_shop" ON "live_events" USING btree ("shop_id","id");--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket" ON "ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_tickets_shop" ON "support_tickets" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_messages_ticket" ON "ticket_messages" USING btree ("ticket_id","id");--> statement-breakpoint
ALTER TABLE "support_tickets" DROP COLUMN "attachments";--> statement-breakpoint
ALTER TABLE "ticket_messages" DROP COLUMN "attachment";--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "locale" varchar(10);
