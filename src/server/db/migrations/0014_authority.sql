CREATE TABLE "email_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"confirm_token_hash" text NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_address_failure" (
	"ip" text NOT NULL,
	"username_key" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_address_failure_ip_username_key_pk" PRIMARY KEY("ip","username_key")
);
--> statement-breakpoint
CREATE TABLE "login_trust" (
	"user_id" uuid NOT NULL,
	"ip" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_trust_user_id_ip_pk" PRIMARY KEY("user_id","ip")
);
--> statement-breakpoint
ALTER TABLE "email_change" ADD CONSTRAINT "email_change_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change" ADD CONSTRAINT "email_change_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_trust" ADD CONSTRAINT "login_trust_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_change_confirm_uq" ON "email_change" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "email_change_cancel_uq" ON "email_change" USING btree ("cancel_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "email_change_open_uq" ON "email_change" USING btree ("user_id") WHERE "email_change"."confirmed_at" is null and "email_change"."voided_at" is null;