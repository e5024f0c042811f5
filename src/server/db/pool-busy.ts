/** The code db/client.ts gives a wait for a pooled connection that timed out while the database was answering (db-health). */
export const POOL_BUSY_CODE = 'KE_POOL_BUSY'
