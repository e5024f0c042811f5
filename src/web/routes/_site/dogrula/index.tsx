import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { i18n } from '../../../i18n/index.ts'
import { loadDocumentCheckCatalog } from '../../../i18n/document-check.ts'
import { titled } from '../../../components/titled.tsx'
import { DocumentCheckView } from '../../../views/sales/DocumentCheckView.tsx'

/** `/dogrula`: the form that checks a document's verification code (prerendered; a code opens /dogrula/<code>). */
function DocumentCheckIndex() {
  return <DocumentCheckView code={null} />
}

export const Route = createFileRoute('/_site/dogrula/')({
  // the page's own catalog before the first render: the prerendered form hydrates as it is
  loader: () => loadDocumentCheckCatalog(i18n),
  component: titled(msg`Belge doğrulama`, DocumentCheckIndex),
})
