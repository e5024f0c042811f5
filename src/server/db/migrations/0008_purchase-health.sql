CREATE TABLE "purchase" (
	"id" text PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"phone" text NOT NULL,
	"application_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"policy_number" text,
	"order_id" text,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_order" ADD COLUMN "purchase_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_policy_number_uq" ON "purchase" USING btree ("policy_number");--> statement-breakpoint
CREATE INDEX "purchase_application_idx" ON "purchase" USING btree ("application_id");