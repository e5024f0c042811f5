import { besPurchaseDriver } from './bes-purchase.ts'
import { createUserDriver } from './create-user.ts'
import { emailChangeDriver } from './email-change.ts'
import { forgotPasswordDriver } from './forgot-password.ts'
import { orgBuilderDriver } from './org-builder.ts'
import { passwordChangeDriver } from './password-change.ts'
import { paymentDriver } from './payment.ts'
import { paymentResultDriver } from './payment-result.ts'
import { resourceEditorDriver } from './resource-editor.ts'
import { resourceListDriver } from './resource-list.ts'
import { sessionDriver } from './session.ts'
import { smsVerificationDriver } from './sms-verification.ts'
import { travelPurchaseDriver } from './travel-purchase.ts'
import { travelQuickQuoteDriver } from './travel-quick-quote.ts'
import { tssPurchaseDriver } from './tss-purchase.ts'
import { tssQuickQuoteDriver } from './tss-quick-quote.ts'
import { confirmActionDriver } from './confirm-action.ts'
import { formPanelDriver } from './form-panel.ts'
import { loadDriver } from './load.ts'
import { searchDriver } from './search.ts'
import { uploadDriver } from './upload.ts'
import { myConsentsDriver } from './my-consents.ts'
import { documentCheckDriver } from './document-check.ts'
import type { Driver } from './types.ts'

/** Every machine replayed in the browser (tests/e2e/model-paths.e2e.test.ts), one driver module each. */
export const DRIVERS: Driver[] = [
  passwordChangeDriver,
  forgotPasswordDriver,
  emailChangeDriver,
  paymentResultDriver,
  paymentDriver,
  resourceListDriver,
  createUserDriver,
  resourceEditorDriver,
  tssQuickQuoteDriver,
  travelQuickQuoteDriver,
  tssPurchaseDriver,
  travelPurchaseDriver,
  besPurchaseDriver,
  orgBuilderDriver,
  // the admin area's generic flows (after the org builder: the team panel adds groups of its own)
  loadDriver,
  confirmActionDriver,
  uploadDriver,
  searchDriver,
  formPanelDriver,
  // the customer's consent page (issue 24 item 10)
  myConsentsDriver,
  // the public document check (issue 24 item 5)
  documentCheckDriver,
  // it installs Playwright's clock in the shared browser context (left running)
  smsVerificationDriver,
  // last: it installs Playwright's clock in the shared browser context (it cannot be removed)
  sessionDriver,
]
