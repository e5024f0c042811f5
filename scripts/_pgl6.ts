import { readFileSync } from 'node:fs'
import { openDatabase } from '/work/main/src/server/db/client.ts'
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6 }
for (const f of ['/tmp/dump.tar', '/tmp/dump-small.tar', '/tmp/dump.tar', '/tmp/dump-small.tar']) {
  const buf = readFileSync(f)
  const c0 = cpu(); const t0 = Date.now()
  const db = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([buf]) })
  const c1 = cpu(); const t1 = Date.now()
  const r = await (db as any).pglite.query('select count(*) from hometown'); await db.close()
  console.log(f, 'cpu', (c1 - c0).toFixed(2), 'wall', t1 - t0, r.rows[0].count)
}
