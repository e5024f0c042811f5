import { useSelector } from '@xstate/react'
import { cascadeFlow, type CascadeParams } from '../../../flows/company.ts'
import { useLoaded, useLoader } from '../../staff/useFlow.ts'

/**
 * One level of the address cascade on the load statechart: its choices once the levels above are
 * chosen; none while a new choice above loads them (a stale list would offer another province's
 * districts).
 */
export function useCascade(params: CascadeParams) {
  const load = useLoader(cascadeFlow, params)
  const current = useSelector(load, (s) => s.matches('ready'))
  const rows = useLoaded(load)
  return current && rows ? rows : []
}
