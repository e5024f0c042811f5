CREATE TABLE "tariff_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"effective_from" date NOT NULL,
	"figures" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source_name" text,
	"note" text,
	"source_sha256" text
);
--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "tariff_version_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_version_version_uq" ON "tariff_version" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_version_effective_uq" ON "tariff_version" USING btree ("effective_from");--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_tariff_version_id_tariff_version_id_fk" FOREIGN KEY ("tariff_version_id") REFERENCES "public"."tariff_version"("id") ON DELETE no action ON UPDATE no action;