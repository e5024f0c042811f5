/**
 * Which database engines each server test file runs on (issue 26 item 9: "server tests on
 * PostgreSQL for the files where the database kind matters, not all twice"). One list, one reason
 * a file:
 *
 * - `both`: PGlite (the embedded default of `npm start`) and PostgreSQL (production) when the run has
 *   one (TEST_DATABASE_URL; always in CI): transactions, parallel requests and races, locks, SQL
 *   features and indexes, migrations, the driver's errors, money and authority.
 * - `one`: the engine cannot change the outcome (HTTP, validation, texts, one request after
 *   another with plain reads and writes); the file runs on {@link ONE_ENGINE}.
 * - `fixed`: the file picks its engine itself, or needs no database (its reason says which).
 *
 * `dbKinds()` (tests/support/test-app.ts) reads this list for the calling file and throws for a
 * file that is not in it; tests/scripts/ci-structure.test.ts fails when a server test file is
 * missing here, is listed but gone, or sends parallel requests while it runs on one engine.
 * This module imports nothing, so the unit tests read it without loading the server.
 */
export type EngineChoice = { on: 'both' | 'one' | 'fixed'; why: string }

/**
 * The engine of the `one` files: PGlite, the embedded engine of `npm start` and of a run without
 * TEST_DATABASE_URL, and (measured, docs/testing.md) the cheaper of the two per file: a seeded PGlite
 * is lent from file to file in the shared worker, while PostgreSQL costs a database copied from the
 * template and its backend's CPU beside the worker's client.
 */
export const ONE_ENGINE: 'pglite' | 'postgres' = 'pglite'

export const SERVER_FILE_ENGINES: Record<string, EngineChoice> = {
  // ---- both: the database kind can change the outcome
  'admin-user-help.test.ts': { on: 'both', why: 'the temporary password, its mail and audit entry in one transaction; parallel unlocks' },
  'atomic-writes.test.ts': { on: 'both', why: 'one-transaction writes with their audit entry, failures injected mid-transaction' },
  'audit-log.test.ts': { on: 'both', why: 'the streamed export reads one snapshot while rows are added; text filters in SQL' },
  'audit-people.test.ts': { on: 'both', why: 'name search through the trigram index and starts-with ranking in SQL' },
  'auth-atomic.test.ts': { on: 'both', why: 'password writes all or nothing in a transaction' },
  'auth-security.test.ts': { on: 'both', why: 'parallel sign-in bursts, lockout counters under races' },
  'authority.test.ts': { on: 'both', why: 'authority checks with rows locked FOR UPDATE, parallel grants' },
  'consent-phone-migration.test.ts': { on: 'both', why: 'a data migration run on each engine' },
  'email-change.test.ts': { on: 'both', why: 'an address taken meanwhile: the unique index and the driver\'s error answer' },
  'fresh-install.test.ts': { on: 'both', why: 'migrations and seeding of an empty database' },
  'fuzz.test.ts': { on: 'both', why: 'random input at every route: the driver\'s errors (types, lengths, encodings) must never become a 5xx' },
  'me.test.ts': { on: 'both', why: 'a password change ends the other sessions in one transaction; the search runs SQL text matching' },
  'migrations.test.ts': { on: 'both', why: 'every migration and its indexes on each engine' },
  'money.test.ts': { on: 'both', why: 'money: parallel approvals, one transaction per payment' },
  'my-consents.test.ts': { on: 'both', why: 'parallel withdrawals of one consent record it once' },
  'org-roles.test.ts': { on: 'both', why: 'parallel transactions against the counts triggers' },
  'payment.test.ts': { on: 'both', why: 'money: payments and their callbacks, in parallel' },
  'policy-document.test.ts': { on: 'both', why: 'a document code given once when asked twice at once' },
  'pre-information.test.ts': { on: 'both', why: 'parallel purchases with one form: one purchase, one mail' },
  'purchase.test.ts': { on: 'both', why: 'money: purchases and their one-transaction issue' },
  'role-assignment.test.ts': { on: 'both', why: 'authority: parallel role assignments' },
  'session-check.test.ts': { on: 'both', why: 'prepared statements across a migration, roles changed by hand in SQL, locks from another process' },
  'sms.test.ts': { on: 'both', why: 'codes bound and spent once under parallel verifications; expiry on timestamptz' },
  'tariffs.test.ts': { on: 'both', why: 'parallel loads number their versions; one wins per day (unique index)' },
  'test-database.test.ts': { on: 'both', why: 'proves the reset between tests on each engine' },
  'user-create-audit.test.ts': { on: 'both', why: 'a new user and its audit entry in one transaction' },
  'users-admin.test.ts': { on: 'both', why: 'authority: suspensions, removals and the last superadmin guard' },
  'users.test.ts': { on: 'both', why: 'a double submit creates one user (parallel requests, unique index)' },

  // ---- one: the engine cannot change the outcome
  'admin-first-day.test.ts': { on: 'one', why: 'one request at a time, no concurrency in these rules' },
  'application.test.ts': { on: 'one', why: 'one upsert per phone and product, no parallel requests; the same SQL on both' },
  'audit-order.test.ts': { on: 'one', why: 'one request at a time; the order is an ORDER BY on (at, seq), the same engine on PGlite' },
  'auth.test.ts': { on: 'one', why: 'session rules over timestamptz columns, one request at a time; the parallel sign-in bursts are in auth-security.test.ts, on both' },
  'company-notices.test.ts': { on: 'one', why: 'flags read and honoured, one request at a time' },
  'company.test.ts': { on: 'one', why: 'validation, versions and images, one request at a time' },
  'consent-records.test.ts': { on: 'one', why: 'reads only, one request at a time' },
  'hardening.test.ts': { on: 'one', why: 'HTTP, logging and redaction; outages of PostgreSQL itself are in faults.test.ts' },
  'health-answers.test.ts': { on: 'one', why: 'validation of the health declaration before any write, one request at a time' },
  'legal-permission.test.ts': { on: 'one', why: 'single inserts of consent records, one request at a time, no locks' },
  'lookup.test.ts': { on: 'one', why: 'reads of seeded reference data' },
  'mail-server.test.ts': { on: 'one', why: 'one request after another, settings stored as one jsonb row and read back; no transaction, race, lock or driver-specific type' },
  'outbox-page.test.ts': { on: 'one', why: 'the outbox page, one request at a time' },
  'password-rules.test.ts': { on: 'one', why: 'the checks of the password policy run in code, one request at a time' },
  'permissions.test.ts': { on: 'one', why: 'the route walk and permission checks, one request at a time; roles across servers are in two-servers.test.ts' },
  'sms-ticket-end.test.ts': { on: 'one', why: 'a dev route writing one row, one request at a time' },
  'audit-count.test.ts': { on: 'one', why: 'a count over rows the test itself wrote, one request at a time: the same SQL on the same PostgreSQL code (PGlite is PostgreSQL compiled to WebAssembly); no transaction, race, lock or collation (ASCII names)' },
  'sms-proof.test.ts': { on: 'one', why: 'the proof cookie\'s attributes and signature, a reload, one request at a time; codes spent once under parallel verifications are in sms.test.ts, on both' },
  'users-count.test.ts': { on: 'one', why: 'a count over rows the test itself wrote, one request at a time: the same SQL on the same PostgreSQL code (PGlite is PostgreSQL compiled to WebAssembly); no transaction, race, lock or collation (ASCII names)' },
  'user-language.test.ts': { on: 'one', why: 'a language code stored and read back, one request after another; no transaction, race, lock or SQL feature of its own' },

  // ---- fixed: the file picks its engine, or needs none
  'app.test.ts': { on: 'fixed', why: 'PGlite: HTTP, limits and proxy settings of the app' },
  'auth-timing.test.ts': { on: 'fixed', why: 'PGlite: times sign-in answers, in the quiet timing stage of npm test' },
  'compress.test.ts': { on: 'fixed', why: 'PGlite: response compression' },
  'faults.test.ts': { on: 'fixed', why: 'PostgreSQL only: connections killed, the pool exhausted, the server stopped and started' },
  'i18n.test.ts': { on: 'fixed', why: 'no database: the server\'s texts' },
  'inspector-headers.test.ts': { on: 'fixed', why: 'PGlite: HTTP headers' },
  'logger.test.ts': { on: 'fixed', why: 'no database: the logger' },
  'mail.test.ts': { on: 'fixed', why: 'PGlite: the SMTP settings, sealed secrets and mail texts' },
  'money-crash.test.ts': { on: 'fixed', why: 'kill -9 of a server process mid-approval: on PostgreSQL with TEST_DATABASE_URL, else PGlite' },
  'passwords.test.ts': { on: 'fixed', why: 'no database: password hashing' },
  'reference.test.ts': { on: 'fixed', why: 'no database: the reference data files' },
  'server-start.test.ts': { on: 'fixed', why: 'PGlite: the server\'s start-up' },
  'two-servers.test.ts': { on: 'fixed', why: 'PostgreSQL only: two server processes on one database' },
}
