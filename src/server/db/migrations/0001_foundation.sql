ALTER TABLE "audit_log" ADD COLUMN "company_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_log_company_at_idx" ON "audit_log" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_company_action_at_idx" ON "audit_log" USING btree ("company_id","action","at");