import { createFileRoute } from '@tanstack/react-router'
import { AreaPageView } from '../../../../views/admin/AreaPageView.tsx'
import { COMPANY_PAGES } from '../../../../views/admin/pages.ts'

export const Route = createFileRoute('/navbar/settings/company/security')({
  component: () => <AreaPageView page={COMPANY_PAGES[4]} company />,
})
