DROP INDEX "app_user_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "app_user_company_email_prefix_idx" ON "app_user" USING btree ("company_id",lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "app_user_company_email_domain_idx" ON "app_user" USING btree ("company_id",lower(split_part("email", '@', 2)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "app_user_company_locked_idx" ON "app_user" USING btree ("company_id","username","id") WHERE "app_user"."locked_at" is not null;--> statement-breakpoint
CREATE INDEX "app_user_search_trgm_idx" ON "app_user" USING gin ((lower("username" || ' ' || "first_name" || ' ' || "last_name" || ' ' || coalesce("national_id", ''))) gin_trgm_ops);