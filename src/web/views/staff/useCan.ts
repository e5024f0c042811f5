import { useCallback } from 'react'
import { useSelector } from '@xstate/react'
import { hasPermission } from '../../../domain/permissions.ts'
import { sessionActor } from '../../flows/session.ts'

const NONE: readonly string[] = []

/** The active role's permissions, as the session actor holds them (recomputed on role switch and refresh). */
export function usePermissions(): readonly string[] {
  return useSelector(sessionActor(), (s) => s.context.user?.permissions ?? NONE)
}

/**
 * `can(required)` with the spec's semantics (spec 6: any listed string held; a leading '!' must be
 * absent; deny by default). It decides what is shown; the server decides what is allowed.
 */
export function useCan(): (required: string | readonly string[]) => boolean {
  const permissions = usePermissions()
  return useCallback((required) => hasPermission(permissions, required), [permissions])
}
