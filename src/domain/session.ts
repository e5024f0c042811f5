/**
 * The signed-in staff member as the server reports it and the session machine keeps it (spec 3.1
 * "Session user": roles, first name, last name, username), with the active role and its permissions.
 */
export type SessionUser = {
  userId: string
  companyId: string
  username: string
  firstName: string
  lastName: string
  roles: string[]
  mainRole: string | null
  defaultRole: string | null
  activeRole: string | null
  permissions: string[]
}
