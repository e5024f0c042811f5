CREATE TABLE "legal_permission" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"sale_id" text NOT NULL,
	"process_step" text NOT NULL,
	"party_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"scope" text NOT NULL,
	"document_id" text NOT NULL,
	"document_version" integer NOT NULL,
	"locale" text NOT NULL,
	"text_sha256" text NOT NULL,
	"channel" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	"request_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_application" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"product" text NOT NULL,
	"step" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legal_permission" ADD CONSTRAINT "legal_permission_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_permission_party_idx" ON "legal_permission" USING btree ("party_id","name","at");--> statement-breakpoint
CREATE INDEX "legal_permission_sale_idx" ON "legal_permission" USING btree ("sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_application_phone_product_idx" ON "sales_application" USING btree ("phone","product");--> statement-breakpoint
CREATE INDEX "sales_application_expires_idx" ON "sales_application" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sms_code_ip_idx" ON "sms_code" USING btree ("ip","created_at");