import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '../../../../../domain/search.ts'
import { JobTitlesView } from '../../../../views/admin/company/JobTitlesView.tsx'

/** Company > Job titles (jobtitle:read), list state in the search params. */
export const Route = createFileRoute('/navbar/settings/company/job-titles')({
  validateSearch: listSearch([]),
  component: JobTitlesView,
})
