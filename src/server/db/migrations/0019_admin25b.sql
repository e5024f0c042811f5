ALTER TABLE "app_user" ADD COLUMN "locale" text;--> statement-breakpoint
CREATE INDEX "audit_log_company_actor_lower_idx" ON "audit_log" USING btree ("company_id",(lower("actor")) text_pattern_ops,"at");--> statement-breakpoint
CREATE INDEX "audit_log_company_action_pattern_idx" ON "audit_log" USING btree ("company_id","action" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_log_company_actor_at_idx" ON "audit_log" USING btree ("company_id","actor","at" DESC NULLS FIRST,"seq" DESC NULLS FIRST);