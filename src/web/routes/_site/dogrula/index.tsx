import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { titled } from '../../../components/titled.tsx'
import { DocumentCheckView } from '../../../views/sales/DocumentCheckView.tsx'

/** `/dogrula`: the form that checks a document's verification code (prerendered; a code opens /dogrula/<code>). */
function DocumentCheckIndex() {
  return <DocumentCheckView code={null} />
}

export const Route = createFileRoute('/_site/dogrula/')({
  component: titled(msg`Belge doğrulama`, DocumentCheckIndex),
})
