import { useCallback, useEffect, useState } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { Trans } from '@lingui/react/macro'
import { getInspect } from '../../../inspector.ts'
import { orgBuilderFlow, type GroupItem } from '../../../flows/groups.ts'
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
 * (drag to re-parent, undo, zoom) and, beside it, the form of the selected group or a new one.
 * `q` (the global search's hit) selects the group of that name.
 */
export function TeamView({ q }: { q?: string }) {
  const can = useCan()
  const actor = useActorRef(orgBuilderFlow, { inspect: getInspect() })
  const groups = useSelector(actor, (s) => s.context.groups) as GroupItem[]
  const [selected, setSelected] = useState<string | null>(null)
  const [creating, setCreating] = useState(false)
  const select = useCallback((id: string | null) => { setSelected(id); setCreating(false) }, [])
  const saved = useCallback((id: string) => { actor.send({ type: 'reload' }); setSelected(id); setCreating(false) }, [actor])
  // a deleted group leaves the selection (the machine loads the tree again)
  useEffect(() => {
    const sub = actor.on('notice', (n) => { if (n.code === 'deleted') setSelected(null) })
    return () => sub.unsubscribe()
  }, [actor])
  // the global search opens this page with ?q=<group name>: that group is selected and shown
  useEffect(() => {
    if (!q) return
    const hit = groups.find((g) => g.name.toLocaleLowerCase('tr') === q.toLocaleLowerCase('tr'))
    if (hit) setSelected(hit.id)
  }, [q, groups])
  const canCreate = can('group:create')
  const panelId = creating ? NEW_GROUP : selected
  return (
    <StaffPage title={TEAM_PAGE.title} permission={TEAM_PAGE.permission}
      actions={canCreate && <button type="button" className={staff.button} onClick={() => setCreating(true)}><Trans>Yeni grup</Trans></button>}>
      <div className={styles.layout}>
        <OrgChart actor={actor} selectedId={selected} onSelect={select} canMove={can('group:update')} />
        {panelId ? (
          <GroupPanel key={`${panelId}:${creating ? selected ?? '' : ''}`} id={panelId} parentId={creating ? selected : null} groups={groups}
            canWrite={creating ? canCreate : can('group:update')} canDelete={can('group:delete')} onSaved={saved}
            onDelete={() => actor.send({ type: 'delete.request', id: panelId })} />
        ) : (
          <p className={staff.card}><Trans>Düzenlemek için şemada bir grup seçin ya da yeni bir grup ekleyin.</Trans></p>
        )}
        <GroupDeleteDialog actor={actor} />
      </div>
    </StaffPage>
  )
}
