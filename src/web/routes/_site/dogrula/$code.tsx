import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useDocumentTitle } from '../../../components/useDocumentTitle.ts'
import { useLingui } from '@lingui/react'
import { DocumentCheckView } from '../../../views/sales/DocumentCheckView.tsx'

const TITLE = msg`Belge doğrulama`

/**
 * The public check of a policy or contract document (issue 24 item 5): the code printed on the
 * document, in the address. Not prerendered (every code is its own address); the page's texts load
 * with its chunk (src/web/i18n/document-check.ts).
 */
export const Route = createFileRoute('/_site/dogrula/$code')({
  component: function DocumentCheckPage() {
    const { i18n } = useLingui()
    useDocumentTitle(i18n._(TITLE))
    const { code } = Route.useParams()
    return <DocumentCheckView code={code} />
  },
})
