CREATE TABLE "app_user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"username" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text,
	"action" text NOT NULL,
	"target" text,
	"request_id" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "city" (
	"country_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "city_country_code_code_pk" PRIMARY KEY("country_code","code")
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"tax_number" text,
	"size" text,
	"sector" text,
	"web_page" text,
	"logo" text,
	"default_currency" text DEFAULT 'TRY' NOT NULL,
	"language" text DEFAULT 'tr' NOT NULL,
	"time_zone" text DEFAULT 'Europe/Istanbul' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country" (
	"code" text PRIMARY KEY NOT NULL,
	"alpha3" text NOT NULL,
	"name" jsonb NOT NULL,
	"icon" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "district" (
	"country_code" text NOT NULL,
	"city_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "district_country_code_city_code_code_pk" PRIMARY KEY("country_code","city_code","code")
);
--> statement-breakpoint
CREATE TABLE "hometown" (
	"country_code" text NOT NULL,
	"city_code" text NOT NULL,
	"district_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"zipcode" text NOT NULL,
	CONSTRAINT "hometown_country_code_city_code_district_code_code_pk" PRIMARY KEY("country_code","city_code","district_code","code")
);
--> statement-breakpoint
CREATE TABLE "industry" (
	"code" text PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"parent_code" text,
	"name" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nationality" (
	"code" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_item" (
	"list" text NOT NULL,
	"value" text NOT NULL,
	"name" jsonb NOT NULL,
	"level" integer,
	"sort" integer NOT NULL,
	CONSTRAINT "option_item_list_value_pk" PRIMARY KEY("list","value")
);
--> statement-breakpoint
CREATE TABLE "reference_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role_type" text DEFAULT 'main' NOT NULL,
	"owner" text DEFAULT 'SYSTEM' NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_role" (
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"valid_until" timestamp with time zone,
	CONSTRAINT "user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_username_uq" ON "app_user" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "role_company_name_uq" ON "role" USING btree ("company_id","name");