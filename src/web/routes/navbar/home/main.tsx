import { createFileRoute } from '@tanstack/react-router'
import { HomeMainView } from '../../../views/staff/HomeMainView.tsx'

export const Route = createFileRoute('/navbar/home/main')({
  component: HomeMainView,
})
