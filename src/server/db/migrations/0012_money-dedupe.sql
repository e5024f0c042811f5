-- Custom data migration (issue 21, branch money): what the earlier code let through, made to fit the
-- unique indexes of the next migration (one purchase per application, one live payment per purchase).
-- 1. A purchase with several live payment orders keeps its newest; the others end failed as timed
--    out (a signed approval that still comes for one of them is accepted and, if the purchase was
--    paid meanwhile, recorded as a payment needing action).
UPDATE "payment_order" o SET "status" = 'failed', "reason" = 'THREE_D_TIMEOUT', "updated_at" = now()
WHERE o."purchase_id" IS NOT NULL AND o."status" IN ('created', 'awaiting3ds')
  AND EXISTS (
    SELECT 1 FROM "payment_order" n
    WHERE n."purchase_id" = o."purchase_id" AND n."status" IN ('created', 'awaiting3ds')
      AND (n."created_at" > o."created_at" OR (n."created_at" = o."created_at" AND n."id" > o."id"))
  );
--> statement-breakpoint
-- 2. An application with several purchases keeps its link to one (an issued one first, the earliest
--    issued; else the newest); the others keep their data, amount and status under a fresh
--    application id of their own (the application they came from is gone or still open with one).
UPDATE "purchase" p SET "application_id" = gen_random_uuid()
WHERE EXISTS (
  SELECT 1 FROM "purchase" k
  WHERE k."application_id" = p."application_id" AND k."id" <> p."id"
    AND (
      (k."status" = 'issued' AND p."status" <> 'issued')
      OR (k."status" = 'issued' AND p."status" = 'issued' AND (k."issued_at", k."id") < (p."issued_at", p."id"))
      OR (k."status" <> 'issued' AND p."status" <> 'issued' AND (k."created_at", k."id") > (p."created_at", p."id"))
    )
);
