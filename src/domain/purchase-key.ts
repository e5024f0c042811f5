/** The mailed link's key to a purchase's details (`?key=`), and where it is read (src/domain/schemas/purchase.ts re-exports it). */
export const PURCHASE_KEY_PARAM = 'key'
