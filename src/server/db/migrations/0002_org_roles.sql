CREATE TABLE "user_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"level" text NOT NULL,
	"parent_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "gdpr_level" text DEFAULT 'SENSITIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "team_size" integer;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "is_main_role" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_group" ADD CONSTRAINT "user_group_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_group_company_name_uq" ON "user_group" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "user_group_parent_idx" ON "user_group" USING btree ("company_id","parent_id");--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_group_id_user_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_user_company_group_idx" ON "app_user" USING btree ("company_id","group_id");