import { it } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { allTransitions, coveringPaths, generatePaths, startReplay, type GeneratedPath, type Snapshot } from '../support/paths.ts'
import { isIn } from '../support/expectations.ts'
import { sessionModel } from './models/session.model.ts'
function canSend(e: AnyEventObject, prev: Snapshot | null, i: number): boolean {
  const inState = (p: string) => prev !== null && isIn(prev, p)
  const modal = inState('signedIn.inactivity.inactive')
  const lockScreen = inState('signedIn.inactivity.lockedOut.locked') || inState('signedIn.inactivity.lockedOut.unlocking')
  const navbar = inState('signedIn') && !lockScreen && !modal
  switch (e.type) {
    case 'session.restore': return i === 0
    case 'login.submit': return prev === null || inState('signedOut')
    case 'session.lock': return navbar
    case 'role.switch': case 'permissions.refresh': return navbar && inState('signedIn.access.ready')
    case 'logout': return e.switchUser ? lockScreen : navbar || modal
    case 'unlock.submit': return inState('signedIn.inactivity.lockedOut.locked')
    case 'activity': return e.inWarning ? modal : true
    case 'timing.update': case 'session.invalid': return inState('signedIn.inactivity.active')
    default: return true
  }
}
const feasible = (p: GeneratedPath) => p.steps.every((s, i) => canSend(s.event, i === 0 ? null : p.steps[i - 1]!.state, i))
it('print', () => {
  const all = generatePaths(sessionModel)
  const ok = all.filter(feasible)
  const cov = coveringPaths(sessionModel, ok)
  const T0 = 1_767_225_600_000
  const taken = new Set<string>()
  cov.forEach((p) => { const r = startReplay(sessionModel); p.steps.forEach((s) => r.advance(s.event)); for (const k of r.taken) taken.add(k); r.actor.stop() })
  const total = allTransitions(sessionModel.machine)
  console.log('ALL', all.length, 'feasible', ok.length, 'covering', cov.length, 'covered', [...total.keys()].filter(k => taken.has(k)).length, '/', total.size)
  console.log('MISSING', [...total.keys()].filter(k => !taken.has(k)))
  cov.forEach((p, i) => {
    console.log(`#${i + 1} ` + p.steps.map((s) => { const e = s.event as any; return e.type.replace('xstate.', '').replace(/\.session\..*/, '') + (e.output === null ? '(null)' : e.output?.lockedAt ? '(locked)' : e.output?.kind ? `(${e.output.kind})` : e.output?.changed !== undefined ? `(${e.output.changed})` : '') + (e.inWarning ? '(inW)' : '') + (e.switchUser ? '(switch)' : '') + (e.now ? `@${(e.now - T0) / 1000}` : e.at ? `@${(e.at - T0) / 1000}` : '') + (e.username === ' ' ? '(empty)' : '') + (e.password === '' ? '(empty)' : '') }).join(' > '))
  })
})
