ALTER TABLE "legal_permission" ADD COLUMN "phone" text;--> statement-breakpoint
CREATE INDEX "legal_permission_phone_idx" ON "legal_permission" USING btree ("phone","at");