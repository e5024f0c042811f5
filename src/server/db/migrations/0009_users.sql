CREATE TABLE "user_photo" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_photo" ADD CONSTRAINT "user_photo_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_user_search_trgm_idx" ON "app_user" USING gin ((lower("username" || ' ' || "first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("national_id", ''))) gin_trgm_ops);