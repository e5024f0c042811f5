import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'

/** One `select 1` (`GET /health`): resolves when the database answers, throws (503 through the error handler) when it cannot be reached. */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}
