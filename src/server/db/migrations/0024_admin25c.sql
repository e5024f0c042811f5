CREATE INDEX "app_user_company_username_idx" ON "app_user" USING btree ("company_id","username","id");--> statement-breakpoint
CREATE INDEX "app_user_company_first_name_idx" ON "app_user" USING btree ("company_id","first_name","id");--> statement-breakpoint
CREATE INDEX "app_user_company_last_name_idx" ON "app_user" USING btree ("company_id","last_name","id");--> statement-breakpoint
CREATE INDEX "app_user_company_email_idx" ON "app_user" USING btree ("company_id","email","id");--> statement-breakpoint
CREATE INDEX "app_user_company_created_at_idx" ON "app_user" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "app_user_company_status_idx" ON "app_user" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "audit_log_company_actor_desc_at_idx" ON "audit_log" USING btree ("company_id","actor" DESC NULLS FIRST,"at" DESC NULLS FIRST,"seq" DESC NULLS FIRST);