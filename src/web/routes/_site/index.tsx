import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { titled } from '../../components/titled.tsx'
import { HomeView } from '../../views/HomeView.tsx'

export const Route = createFileRoute('/_site/')({
  component: titled(msg`Bireysel Emeklilik (BES)`, HomeView),
})
