CREATE TABLE "pre_information" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"product" text NOT NULL,
	"document_id" text NOT NULL,
	"document_version" integer NOT NULL,
	"locale" text NOT NULL,
	"text_sha256" text NOT NULL,
	"text" text NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"ip" text NOT NULL,
	"request_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "pre_information_id" uuid;--> statement-breakpoint
CREATE INDEX "pre_information_application_idx" ON "pre_information" USING btree ("application_id","given_at");