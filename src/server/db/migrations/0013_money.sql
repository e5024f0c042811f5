CREATE TABLE "payment_action" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"order_id" text NOT NULL,
	"purchase_id" text,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"paid_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"note" text
);
--> statement-breakpoint
DROP INDEX "purchase_application_idx";--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "live_order_id" text;--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "live_since" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_action_order_reason_uq" ON "payment_action" USING btree ("order_id","reason");--> statement-breakpoint
CREATE INDEX "payment_action_company_created_idx" ON "payment_action" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_order_live_purchase_uq" ON "payment_order" USING btree ("purchase_id") WHERE "payment_order"."purchase_id" IS NOT NULL AND "payment_order"."status" IN ('created', 'awaiting3ds');--> statement-breakpoint
CREATE INDEX "payment_order_purchase_idx" ON "payment_order" USING btree ("purchase_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_application_uq" ON "purchase" USING btree ("application_id");