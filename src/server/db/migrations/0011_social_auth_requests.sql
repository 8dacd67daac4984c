CREATE TABLE "social_auth_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" varchar(64) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"code_verifier" varchar(128),
	"mode" varchar(10) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_auth_requests_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
CREATE INDEX "social_auth_requests_expires" ON "social_auth_requests" USING btree ("expires_at");