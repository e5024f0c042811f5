import { createFileRoute } from '@tanstack/react-router'
import { isRecordId } from '../../../../domain/navigation.ts'
import { NotFoundView } from '../../../views/admin/NotFoundView.tsx'
import { RoleEditorView } from '../../../views/admin/roles/RoleEditorView.tsx'

/** Define-new-role (/navbar/settings/roles/new) and update-role (/navbar/settings/roles/{id}). */
export const Route = createFileRoute('/navbar/settings/roles_/$roleId')({
  component: function RoleEditorRoute() {
    const { roleId } = Route.useParams()
    if (roleId !== 'new' && !isRecordId(roleId)) return <NotFoundView />
    // a fresh editor per role (a saved new role moves to its own address)
    return <RoleEditorView key={roleId} roleId={roleId} />
  },
})
