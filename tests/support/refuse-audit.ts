import { sql } from 'drizzle-orm'
import type { TestApp } from './test-app.ts'

/**
 * A failure injected at the last statement of a write (issue 26 item 3): the database refuses the
 * audit entries of one action, so a write that is one transaction leaves nothing behind. `allow`
 * lifts the refusal; `drop` (for afterEach) lifts it if a test left it, since the next test reuses
 * the database.
 */
export function auditRefusal(t: () => TestApp) {
  return {
    async refuse(action: string) {
      await t().db.execute(sql.raw(`create or replace function refuse_audit() returns trigger language plpgsql as $$
        begin if new.action = '${action}' then raise exception 'audit refused'; end if; return new; end $$`))
      await t().db.execute(sql.raw('create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()'))
    },
    allow: () => t().db.execute(sql`drop trigger refuse_audit on audit_log`),
    drop: () => t().db.execute(sql`drop trigger if exists refuse_audit on audit_log`),
  }
}
