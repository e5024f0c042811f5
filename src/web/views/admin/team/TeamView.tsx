import { useCallback, useEffect } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { Trans } from '@lingui/react/macro'
import { getInspect } from '../../../inspector.ts'
import { orgBuilderFlow, type GroupItem } from '../../../flows/groups.ts'
import { formPanelFlow } from '../../../flows/panel.ts'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import staff from '../../staff/StaffLayout.module.css'
import { TEAM_PAGE } from '../pages.ts'
import { GroupPanel, NEW_GROUP } from './GroupPanel.tsx'
import { GroupDeleteDialog } from './GroupDeleteDialog.tsx'
import { OrgChart } from './OrgChart.tsx'
import styles from './Team.module.css'

/**
 * Team (spec 2.2, issue 13): the organisation builder. The org chart on the org-builder machine
 * (drag to re-parent, undo, zoom) and, beside it, the form of the selected group or a new one (the
 * form-panel machine: a new group goes under the group shown; once saved, its own form shows).
 * `q` (the global search's hit) selects the group of that name.
 */
export function TeamView({ q }: { q?: string }) {
  const can = useCan()
  const actor = useActorRef(orgBuilderFlow, { inspect: getInspect() })
  const panel = useActorRef(formPanelFlow, { inspect: getInspect() })
  const groups = useSelector(actor, (s) => s.context.groups) as GroupItem[]
  const mode = useSelector(panel, (s) => s.value as 'closed' | 'showing' | 'creating')
  const shown = useSelector(panel, (s) => s.context.id)
  const parentId = useSelector(panel, (s) => s.context.parentId)
  const round = useSelector(panel, (s) => s.context.round)
  // the chart highlights the group shown, or the one a new group goes under
  const selected = mode === 'showing' ? shown : mode === 'creating' ? parentId : null
  const select = useCallback((id: string | null) => panel.send(id ? { type: 'open', id } : { type: 'close' }), [panel])
  const saved = useCallback((id: string) => {
    actor.send({ type: 'reload' })
    if (panel.getSnapshot().matches('creating')) panel.send({ type: 'saved', id })
  }, [actor, panel])
  // a deleted group's form closes (the machine loads the tree again)
  useEffect(() => {
    const sub = actor.on('notice', (n) => {
      const id = panel.getSnapshot().context.id
      if (n.code === 'deleted' && id) panel.send({ type: 'removed', id })
    })
    return () => sub.unsubscribe()
  }, [actor, panel])
  // the global search opens this page with ?q=<group name>: that group is selected and shown
  useEffect(() => {
    if (!q) return
    const hit = groups.find((g) => g.name.toLocaleLowerCase('tr') === q.toLocaleLowerCase('tr'))
    if (hit) panel.send({ type: 'open', id: hit.id })
  }, [q, groups, panel])
  const canCreate = can('group:create')
  const creating = mode === 'creating'
  const panelId = creating ? NEW_GROUP : shown
  return (
    <StaffPage title={TEAM_PAGE.title} permission={TEAM_PAGE.permission}
      actions={canCreate && <button type="button" className={staff.button} onClick={() => panel.send({ type: 'create' })}><Trans>Yeni grup</Trans></button>}>
      <div className={styles.layout}>
        <OrgChart actor={actor} selectedId={selected} onSelect={select} canMove={can('group:update')} />
        {panelId ? (
          <GroupPanel key={`${panelId}:${round}`} id={panelId} parentId={creating ? parentId : null} groups={groups}
            canWrite={creating ? canCreate : can('group:update')} canDelete={can('group:delete')} onSaved={saved}
            onDelete={() => actor.send({ type: 'delete.request', id: panelId })} onClose={() => panel.send({ type: 'close' })} />
        ) : (
          <p className={staff.card}><Trans>Düzenlemek için şemada bir grup seçin ya da yeni bir grup ekleyin.</Trans></p>
        )}
        <GroupDeleteDialog actor={actor} />
      </div>
    </StaffPage>
  )
}
