-- Custom migration (issue 24 item 10, branch sales24b): the phone of each consent record made before
-- legal_permission.phone existed, from what names the sale's phone: its open application, its
-- purchase, a pre-information form given to it, or a party that was the phone itself. Nothing else changes.
UPDATE "legal_permission" AS lp SET "phone" = COALESCE(
  (SELECT sa."phone" FROM "sales_application" sa WHERE sa."id"::text = lp."sale_id" LIMIT 1),
  (SELECT p."phone" FROM "purchase" p WHERE p."application_id"::text = lp."sale_id" LIMIT 1),
  (SELECT pi."phone" FROM "pre_information" pi WHERE pi."application_id"::text = lp."sale_id" LIMIT 1),
  CASE WHEN lp."party_id" LIKE 'tel:%' THEN substring(lp."party_id" FROM 5) END
) WHERE lp."phone" IS NULL;
