import { PGlite, parse, protocol } from '@electric-sql/pglite'
import type pg from 'pg'
import type { Db } from './client.ts'

/**
 * A named prepared statement for the hot path (the session check every staff request passes):
 * parsed and planned once per database connection, then only bound and executed. A plain query
 * is parsed, analysed and planned at every call; for the session check's joins and sub-selects
 * that is most of its cost on PGlite (about three quarters, measured in docs/benchmarks.md) and a
 * good part of it on PostgreSQL.
 *
 * `text` uses $1, $2, ... and `types` gives each parameter's type OID (25 text, 1184 timestamptz,
 * 2950 uuid). Rows come back as arrays in the order of the select list (no object per row keyed
 * by column names), parsed by the driver's default type parsers (timestamptz as Date, json as
 * values, booleans, uuids and text as strings): the caller maps them. Select explicit columns, never `*`: a prepared statement whose result shape changes
 * under it (a migration adding a column) fails with "cached plan must not change result type".
 */
export type PreparedStatement = { name: string; text: string; types: number[] }

export const OID = { text: 25, timestamptz: 1184, uuid: 2950 } as const

type Row = unknown[]

/** The statements already parsed on a PGlite database (it is one connection: parsed once, for good). */
const parsedOn = new WeakMap<PGlite, Set<string>>()

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

function textValue(value: unknown): string | null {
  if (value === null || value === undefined) return null
  return value instanceof Date ? value.toISOString() : String(value)
}

async function onPglite(client: PGlite, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  // Both of PGlite's locks, as its own query() takes them: never inside another caller's open
  // transaction (a read there would see its uncommitted writes, an error would abort it).
  return client._runExclusiveTransaction(() => client._runExclusiveQuery(async () => {
    let parsed = parsedOn.get(client)
    if (!parsed) parsedOn.set(client, (parsed = new Set()))
    const { serialize } = protocol
    const messages = [
      ...(parsed.has(statement.name) ? [] : [serialize.parse({ name: statement.name, text: statement.text, types: statement.types })]),
      serialize.bind({ statement: statement.name, values: values.map(textValue) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]
    // one round trip into the database; an error answer is thrown after the sync, leaving no
    // transaction open
    const result = await client.execProtocol(concat(messages), { syncToFs: false })
    parsed.add(statement.name)
    return parse.parseResults(result.messages, client.parsers, { rowMode: 'array' })[0]?.rows as Row[] ?? []
  }))
}

/** Runs a prepared statement on the app's database (PGlite or a PostgreSQL pool). */
export async function runPrepared(db: Db, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client
  if (client instanceof PGlite) return onPglite(client, statement, values)
  // node-postgres prepares a named query once on each pooled connection, then binds and executes
  const result = await client.query<Row>({ name: statement.name, text: statement.text, values: values.map(textValue), rowMode: 'array' })
  return result.rows
}
