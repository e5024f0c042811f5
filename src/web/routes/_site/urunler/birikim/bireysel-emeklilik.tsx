import { createFileRoute } from '@tanstack/react-router'
import { PensionProductView } from '../../../../views/PensionProductView.tsx'

export const Route = createFileRoute('/_site/urunler/birikim/bireysel-emeklilik')({
  component: PensionProductView,
})
