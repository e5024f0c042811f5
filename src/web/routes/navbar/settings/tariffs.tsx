import { createFileRoute } from '@tanstack/react-router'
import { TariffsView } from '../../../views/admin/TariffsView.tsx'

/** "Ürünler ve tarifeler" (tariff:read, issue 24): `?v=` the version whose figures are shown (else the one in force). */
export const Route = createFileRoute('/navbar/settings/tariffs')({
  validateSearch: (search: Record<string, unknown>): { v?: number } => {
    const v = Number(search.v)
    return Number.isInteger(v) && v > 0 ? { v } : {}
  },
  component: function TariffsRoute() {
    const { v } = Route.useSearch()
    return <TariffsView shown={v ?? null} />
  },
})
