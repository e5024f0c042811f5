-- Issue 25 item 14 (branch perf25f): company.group_counts_version follows every change of which
-- group a user or a role is in, in the same transaction as the change, whatever code path (or
-- seed, or hand-written SQL) makes it. "Groups with counts" (spec 7.5's GET /group/{company id})
-- is served from a cache of (group_tree_version, group_counts_version): services/groups.ts.
-- A sign-in, a password change or any other update that leaves group_id alone fires nothing.
CREATE FUNCTION group_counts_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE company SET group_counts_version = group_counts_version + 1 WHERE id = OLD.company_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.company_id IS DISTINCT FROM OLD.company_id) THEN
    UPDATE company SET group_counts_version = group_counts_version + 1 WHERE id = NEW.company_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER app_user_group_counts_insert AFTER INSERT ON app_user FOR EACH ROW WHEN (NEW.group_id IS NOT NULL) EXECUTE FUNCTION group_counts_bump();
--> statement-breakpoint
CREATE TRIGGER app_user_group_counts_delete AFTER DELETE ON app_user FOR EACH ROW WHEN (OLD.group_id IS NOT NULL) EXECUTE FUNCTION group_counts_bump();
--> statement-breakpoint
CREATE TRIGGER app_user_group_counts_update AFTER UPDATE OF group_id, company_id ON app_user FOR EACH ROW WHEN (OLD.group_id IS DISTINCT FROM NEW.group_id OR (NEW.group_id IS NOT NULL AND OLD.company_id IS DISTINCT FROM NEW.company_id)) EXECUTE FUNCTION group_counts_bump();
--> statement-breakpoint
CREATE TRIGGER role_group_counts_insert AFTER INSERT ON role FOR EACH ROW WHEN (NEW.group_id IS NOT NULL) EXECUTE FUNCTION group_counts_bump();
--> statement-breakpoint
CREATE TRIGGER role_group_counts_delete AFTER DELETE ON role FOR EACH ROW WHEN (OLD.group_id IS NOT NULL) EXECUTE FUNCTION group_counts_bump();
--> statement-breakpoint
CREATE TRIGGER role_group_counts_update AFTER UPDATE OF group_id, company_id ON role FOR EACH ROW WHEN (OLD.group_id IS DISTINCT FROM NEW.group_id OR (NEW.group_id IS NOT NULL AND OLD.company_id IS DISTINCT FROM NEW.company_id)) EXECUTE FUNCTION group_counts_bump();
