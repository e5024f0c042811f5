import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import { BulkStatusBody, CreateUserBody, UpdateRolesBody, UpdateUserBody, UserStatusBody } from '../../domain/schemas/user.ts'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { idParam, readJson, uuidString } from '../http.ts'
import { errorMessage } from '../i18n.ts'
import { readList } from '../services/list.ts'
import { may, permit } from '../services/permissions.ts'
import { sendTemporaryPassword, signInHistory, unlockUser } from '../services/user-help.ts'
import {
  USER_LIST_SORTS, assertCompanyUser, changeUserStatus, changeUserStatuses, createUser, deleteUserPhoto, exportUsers, listUsers,
  setUserPhoto, updateUser, updateUserRoles, userDetail, userInfo, type UserListParams,
} from '../services/users.ts'

/**
 * Users of the caller's company (issue 11, spec 7.5): the request is read and checked here, and
 * answered; every query, rule and transaction is in services/users.ts (issue 26 item 3).
 */

/** Spec 4's status messages, per language. */
const STATUS_MESSAGES = {
  suspended: { tr: 'Kullanıcı sistemden uzaklaştırıldı!', en: 'User Suspended from the system!', ru: 'Пользователь отстранён от системы!' },
  active: { tr: 'Kullanıcı yeniden etkinleştirildi !', en: 'User is Activated again !', ru: 'Пользователь снова активирован!' },
  removed: { tr: 'Kullanıcı sistemden kaldırıldı !', en: 'User is Removed from System !', ru: 'Пользователь удалён из системы!' },
} as const

/** The list's parameters (q, filters, sort, page) from the query. */
function readUserList(c: Context<AppEnv>): UserListParams {
  return readList(c, USER_LIST_SORTS, {
    status: z.enum(['active', 'suspended', 'removed']),
    locked: z.enum(['true', 'false']),
    group: uuidString,
    role: uuidString,
  })
}

/** The path's user id, when the caller may read them: anyone of the company with user:read, else only themselves. */
async function readableUser(c: Context<AppEnv>): Promise<string> {
  const id = idParam(c)
  if (id !== c.get('session').userId && !(await may(c, 'user:read'))) throw new AppError(403, 'FORBIDDEN')
  return id
}

/** The path's user, when the caller may edit them: anyone of the company with user:update, else only themselves. */
async function editableUser(c: Context<AppEnv>): Promise<string> {
  const id = idParam(c)
  const session = c.get('session')
  if (id !== session.userId && !(await may(c, 'user:update'))) throw new AppError(403, 'FORBIDDEN')
  await assertCompanyUser(c.get('deps').db, session.companyId, id)
  return id
}

/** Users of the caller's company (issue 11: the list and the re-activation of locked accounts). */
export function userRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/', permit('user:read'), async (c) => {
    const { db, config } = c.get('deps')
    return c.json(await listUsers(db, c.get('session').companyId, readUserList(c), { apiBase: config.apiBase, countCap: config.userCountCap }))
  })

  /**
   * The filtered list as CSV (the list's q, filters and sort; every page), written by a maintained
   * CSV writer (services/csv.ts: byte-order mark, every cell quoted, formulas defused), with column
   * names and values in the request's language and the creation time in the company's time zone.
   */
  r.get('/export', permit('user:read'), async (c) => {
    const csv = await exportUsers(c, readUserList(c))
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="users.csv"',
        'x-content-type-options': 'nosniff',
      },
    })
  })

  /** The list's bulk status change: each user as a single change (same rules), the outcome per user. */
  r.post('/status', permit('userstatus:update'), async (c) => {
    const { ids, status } = await readJson(c, BulkStatusBody)
    const locale = c.get('locale')
    const results = (await changeUserStatuses(c, ids, status)).map((r) => (r.ok
      ? { id: r.id, ok: true, message: STATUS_MESSAGES[status][locale] }
      : { id: r.id, ok: false, code: r.code, message: errorMessage(r.code, locale) }))
    return c.json({ status, changed: results.filter((r) => r.ok).length, results })
  })

  /**
   * Re-activates an account locked after too many failed sign-ins (issue 11 section 6): the
   * counter starts again, the owner is mailed, the change is audited.
   */
  r.post('/:id/reactivate', permit('user:update'), async (c) => {
    await unlockUser(c, idParam(c))
    return c.json({ ok: true })
  })

  /** "Geçici şifre gönder" on a user's page (issue 25 item 4): see services/user-help.ts. */
  r.post('/:id/temporaryPassword', permit('user:update'), async (c) => {
    const { email } = await sendTemporaryPassword(c, idParam(c))
    return c.json({ ok: true, email, queued: true })
  })

  /** The user's last sign-ins and failures, lockouts and the help they got (issue 25 item 4). */
  r.get('/:id/signins', permit('user:read'), async (c) => {
    const id = idParam(c)
    return c.json(await signInHistory(c.get('deps').db, c.get('session').companyId, id))
  })

  /**
   * The create-user wizard's submission (spec 2.2, 4): personal details, address, group and roles,
   * checked as a whole and written in one transaction. The user gets a temporary password (the
   * forced change at first sign-in); with e-mail notifications on, it is mailed to them through the
   * durable outbox, queued in the same transaction as the user (no user without their mail, no
   * mail for a user that was not created). A double submit creates one user: the second insert
   * meets the unique username and is refused with 409 USER_EXISTS on `personal.username`.
   */
  r.post('/', permit('user:create'), async (c) => {
    const body = await readJson(c, CreateUserBody)
    const { userId, welcomeMailId } = await createUser(c, body)
    // the welcome mail is queued, not sent (issue 25 item 3): the page says so and where to follow it
    const welcomeMail = welcomeMailId ? { id: welcomeMailId, status: 'pending' as const } : null
    return c.json({ ...(await userDetail(c.get('deps').db, c.get('session').companyId, userId, c.get('deps').config.apiBase)), welcomeMail }, 201)
  })

  /** Spec 7.5 `GET /user/{id}`: the user with roles, group and job title (user:read; every user their own, profile:read). */
  r.get('/:id', permit('user:read', 'profile:read'), async (c) => {
    return c.json(await userDetail(c.get('deps').db, c.get('session').companyId, await readableUser(c), c.get('deps').config.apiBase))
  })

  /** Spec 7.5 `GET /user/userInfo/{id}`: personal information (identity, birth date, addresses). */
  r.get('/userInfo/:id', permit('user:read', 'profile:read'), async (c) => {
    const id = await readableUser(c)
    return c.json(await userInfo(c.get('deps').db, c.get('session').companyId, id))
  })

  /**
   * Status (spec 4): active, suspended, removed. Suspending or removing ends the user's sessions at
   * once; removed is terminal and keeps the audit trail; nobody changes their own status, and the
   * last active superadmin stays active.
   */
  r.post('/:id/status', permit('userstatus:update'), async (c) => {
    const id = idParam(c)
    const { status } = await readJson(c, UserStatusBody)
    await changeUserStatus(c, id, status)
    return c.json({ status, message: STATUS_MESSAGES[status][c.get('locale')] })
  })

  /**
   * Details and personal information (spec 7.5 `PUT /user/{id}`), with the loaded version. An admin
   * (user:update) edits anyone of the company; a user edits their own (profile:update), but not
   * their job title or work location, which their organisation sets.
   */
  r.put('/:id', permit('user:update', 'profile:update'), async (c) => {
    const id = idParam(c)
    const body = await readJson(c, UpdateUserBody)
    await updateUser(c, id, body, await may(c, 'user:update'))
    const { db, clock, config } = c.get('deps')
    return c.json(await userDetail(db, c.get('session').companyId, id, config.apiBase, clock.now()))
  })

  /** A user's role assignments as one complete list with its version (issue 14): services/users.ts `updateUserRoles`. */
  r.put('/:id/roles', permit('user:update'), async (c) => {
    const id = idParam(c)
    const body = await readJson(c, UpdateRolesBody)
    await updateUserRoles(c, id, body)
    const { db, clock, config } = c.get('deps')
    return c.json(await userDetail(db, c.get('session').companyId, id, config.apiBase, clock.now()))
  })

  /**
   * A user's photo: content-checked and re-encoded exactly as the company logo is
   * (../services/images.ts), made square (256 x 256). An admin (user:update) sets anyone's; a user
   * their own (profile:update).
   */
  r.post('/:id/photo', permit('user:update', 'profile:update'), async (c) => {
    const id = await editableUser(c)
    const photo = await setUserPhoto(c, id, new Uint8Array(await c.req.arrayBuffer()))
    return c.json({ ok: true, photo })
  })

  r.delete('/:id/photo', permit('user:update', 'profile:update'), async (c) => {
    await deleteUserPhoto(c, await editableUser(c))
    return c.json({ ok: true, photo: null })
  })

  return r
}
