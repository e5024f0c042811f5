import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '../../../../../domain/search.ts'
import { AddressView } from '../../../../views/admin/company/AddressView.tsx'

/** Company > Address: the company's addresses (address:read), list state in the search params. */
export const Route = createFileRoute('/navbar/settings/company/address')({
  validateSearch: listSearch([]),
  component: AddressView,
})
