ALTER TABLE "purchase" ADD COLUMN "document_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_document_code_uq" ON "purchase" USING btree ("document_code");