import { createFileRoute } from '@tanstack/react-router'
import { HomeView } from '../../views/HomeView.tsx'

export const Route = createFileRoute('/_site/')({
  component: HomeView,
})
