ALTER TABLE "app_user" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "national_id" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "passport_no" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "job_title_id" uuid;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "work_location_id" uuid;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "mobile_phone" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "birth_date" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_company_email_uq" ON "app_user" USING btree ("company_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_company_national_id_uq" ON "app_user" USING btree ("company_id","national_id");