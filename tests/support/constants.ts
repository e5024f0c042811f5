/** The superadmin every test database is seeded with. */
export const TEST_ADMIN = { username: 'admin', password: 'Mavi-Kuzey-Yildizi-2026!', email: 'admin@example.com' } as const
