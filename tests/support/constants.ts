/** The superadmin every test database is seeded with. */
export const TEST_ADMIN = { username: 'admin', password: 'Test-Parola-2026!x', email: 'admin@example.com' } as const
