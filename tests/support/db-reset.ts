/**
 * A test database that is handed to test after test instead of being loaded afresh for each one
 * (issue 26 item 9): loading the seeded PGlite dump costs about a CPU-second per test, copying the
 * PostgreSQL template a CREATE DATABASE. Between two tests the database is put back exactly as it
 * was seeded, and a test can tell no difference:
 *
 * - every table has a statement-level trigger that notes the table as written (insert, update,
 *   delete, truncate; a change rolled back takes its note with it);
 * - every table small enough (all but the 73,000 neighbourhoods) has a copy of its seeded rows in
 *   the `ke_reset` schema, and every sequence its seeded value;
 * - `ke_reset.reset()` empties each written table, and each table referring to one by a foreign key
 *   (a cascade may have changed it), refills it from its copy (with the session replication role,
 *   so no trigger or foreign key check runs while the tables are half done), and sets every sequence
 *   back. It answers false, changing nothing, when a table without a copy was written: that
 *   database is discarded and the next test gets a fresh one.
 *
 * `ke_reset.fingerprint()` digests every table's rows and every sequence: equal before a test and
 * after the reset that follows it (tests/server/test-database.test.ts; `TEST_DB_VERIFY_RESET=1`
 * checks it after every reset of a run).
 *
 * The same SQL serves PGlite (installed before the run's dump is written) and PostgreSQL (installed
 * in the run's template database).
 */

/** Tables with more rows than this are not copied: a test that writes one gets a fresh database. */
export const MAX_COPIED_ROWS = 5_000

export const INSTALL_RESET = /* sql */ `
CREATE SCHEMA ke_reset;
CREATE TABLE ke_reset.touched (rel oid PRIMARY KEY);
CREATE TABLE ke_reset.snapshot (rel oid PRIMARY KEY, name text NOT NULL, copy text);
CREATE TABLE ke_reset.sequences (seq oid PRIMARY KEY, name text NOT NULL, last_value bigint NOT NULL, is_called boolean NOT NULL);

CREATE FUNCTION ke_reset.touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ke_reset.touched VALUES (TG_RELID) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

DO $$
DECLARE r record; n bigint;
BEGIN
  FOR r IN SELECT c.oid, format('%I.%I', ns.nspname, c.relname) AS name
           FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
           WHERE c.relkind = 'r' AND ns.nspname NOT IN ('pg_catalog', 'information_schema', 'ke_reset') AND ns.nspname NOT LIKE 'pg\\_%'
  LOOP
    EXECUTE format('CREATE TRIGGER ke_reset_touch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION ke_reset.touch()', r.name);
    EXECUTE format('SELECT count(*) FROM %s', r.name) INTO n;
    IF n <= ${MAX_COPIED_ROWS} THEN
      EXECUTE format('CREATE TABLE ke_reset.%I AS TABLE %s', 'copy_' || r.oid, r.name);
      INSERT INTO ke_reset.snapshot VALUES (r.oid, r.name, format('ke_reset.%I', 'copy_' || r.oid));
    ELSE
      INSERT INTO ke_reset.snapshot VALUES (r.oid, r.name, NULL);
    END IF;
  END LOOP;
  FOR r IN SELECT c.oid, format('%I.%I', ns.nspname, c.relname) AS name
           FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
           WHERE c.relkind = 'S' AND ns.nspname <> 'ke_reset'
  LOOP
    EXECUTE format('INSERT INTO ke_reset.sequences SELECT %s, %L, last_value, is_called FROM %s', r.oid, r.name, r.name);
  END LOOP;
END $$;

CREATE FUNCTION ke_reset.reset() RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE r record; dirty oid[];
BEGIN
  WITH RECURSIVE d(rel) AS (
    SELECT rel FROM ke_reset.touched
    UNION SELECT con.conrelid FROM pg_constraint con JOIN d ON con.confrelid = d.rel WHERE con.contype = 'f'
  ) SELECT coalesce(array_agg(rel), '{}') INTO dirty FROM d;
  IF EXISTS (SELECT 1 FROM unnest(dirty) AS x(rel) LEFT JOIN ke_reset.snapshot s USING (rel) WHERE s.copy IS NULL) THEN
    RETURN false;
  END IF;
  SET LOCAL session_replication_role = replica;
  FOR r IN SELECT s.name, s.copy FROM ke_reset.snapshot s WHERE s.rel = ANY (dirty) LOOP
    EXECUTE format('DELETE FROM %s', r.name);
    EXECUTE format('INSERT INTO %s SELECT * FROM %s', r.name, r.copy);
  END LOOP;
  DELETE FROM ke_reset.touched;
  FOR r IN SELECT * FROM ke_reset.sequences LOOP
    PERFORM setval(r.seq, r.last_value, r.is_called);
  END LOOP;
  RETURN true;
END $$;

CREATE FUNCTION ke_reset.fingerprint() RETURNS text LANGUAGE plpgsql AS $$
DECLARE r record; h text; acc text := '';
BEGIN
  FOR r IN SELECT name FROM ke_reset.snapshot ORDER BY name LOOP
    -- order-free (no sort of the 73,000 neighbourhoods): the row count and the sum of each row's digest
    EXECUTE format('SELECT count(*) || '':'' || coalesce(sum((''x'' || left(md5(t::text), 15))::bit(60)::bigint), 0) FROM %s t', r.name) INTO h;
    acc := acc || r.name || ' ' || h || E'\\n';
  END LOOP;
  FOR r IN SELECT name FROM ke_reset.sequences ORDER BY name LOOP
    EXECUTE format('SELECT last_value || '' '' || is_called FROM %s', r.name) INTO h;
    acc := acc || r.name || ' ' || h || E'\\n';
  END LOOP;
  RETURN acc;
END $$;
`
