ALTER TABLE "audit_log" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "recipient" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "subject" text;--> statement-breakpoint
CREATE INDEX "outbox_company_created_idx" ON "outbox" USING btree ("company_id","created_at");