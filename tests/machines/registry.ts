/**
 * Every machine under model-based test: its model (events, fake outputs) and its independent
 * expectations. The mutation check (scripts/mutants.ts) and the catalogue and diagram generators
 * (tests/support/docs.ts) read this list; tests/support/README.md says how to add a machine.
 */
import type { Expectations } from '../support/expectations.ts'
import type { Model } from '../support/model-test.ts'
import { forgotPasswordExpectations } from './expectations/forgot-password.ts'
import { passwordChangeExpectations } from './expectations/password-change.ts'
import { paymentResultExpectations } from './expectations/payment-result.ts'
import { paymentExpectations } from './expectations/payment.ts'
import { sessionExpectations } from './expectations/session.ts'
import { forgotPasswordModel } from './models/forgot-password.model.ts'
import { passwordChangeModel } from './models/password-change.model.ts'
import { paymentResultModel } from './models/payment-result.model.ts'
import { paymentModel } from './models/payment.model.ts'
import { sessionModel } from './models/session.model.ts'
import { resourceEditorExpectations } from './expectations/resource-editor.ts'
import { resourceEditorModel } from './models/resource-editor.model.ts'
import { resourceListExpectations } from './expectations/resource-list.ts'
import { resourceListModel } from './models/resource-list.model.ts'
import { orgBuilderExpectations } from './expectations/org-builder.ts'
import { orgBuilderModel } from './models/org-builder.model.ts'
import { tssQuickQuoteExpectations } from './expectations/tss-quick-quote.ts'
import { tssQuickQuoteModel } from './models/tss-quick-quote.model.ts'
import { travelQuickQuoteExpectations } from './expectations/travel-quick-quote.ts'
import { travelQuickQuoteModel } from './models/travel-quick-quote.model.ts'
import { smsVerificationExpectations } from './expectations/sms-verification.ts'
import { smsVerificationModel } from './models/sms-verification.model.ts'
import { tssPurchaseExpectations } from './expectations/tss-purchase.ts'
import { tssPurchaseModel } from './models/tss-purchase.model.ts'
import { travelPurchaseExpectations } from './expectations/travel-purchase.ts'
import { travelPurchaseModel } from './models/travel-purchase.model.ts'
import { besPurchaseExpectations } from './expectations/bes-purchase.ts'
import { besPurchaseModel } from './models/bes-purchase.model.ts'
import { createUserExpectations } from './expectations/create-user.ts'
import { createUserModel } from './models/create-user.model.ts'
import { emailChangeExpectations } from './expectations/email-change.ts'
import { emailChangeModel } from './models/email-change.model.ts'
import { loadExpectations } from './expectations/load.ts'
import { loadModel } from './models/load.model.ts'
import { confirmActionExpectations } from './expectations/confirm-action.ts'
import { confirmActionModel } from './models/confirm-action.model.ts'
import { uploadExpectations } from './expectations/upload.ts'
import { uploadModel } from './models/upload.model.ts'
import { searchExpectations } from './expectations/search.ts'
import { searchModel } from './models/search.model.ts'
import { formPanelExpectations } from './expectations/form-panel.ts'
import { formPanelModel } from './models/form-panel.model.ts'
import { myConsentsExpectations } from './expectations/my-consents.ts'
import { myConsentsModel } from './models/my-consents.model.ts'
import { documentCheckExpectations } from './expectations/document-check.ts'
import { documentCheckModel } from './models/document-check.model.ts'

export type Entry = { model: Model; expectations: Expectations }

export const MACHINES: Entry[] = [
  { model: sessionModel, expectations: sessionExpectations },
  { model: passwordChangeModel, expectations: passwordChangeExpectations },
  { model: forgotPasswordModel, expectations: forgotPasswordExpectations },
  { model: paymentModel, expectations: paymentExpectations },
  { model: paymentResultModel, expectations: paymentResultExpectations },
  { model: resourceEditorModel, expectations: resourceEditorExpectations },
  { model: resourceListModel, expectations: resourceListExpectations },
  { model: orgBuilderModel, expectations: orgBuilderExpectations },
  { model: tssQuickQuoteModel, expectations: tssQuickQuoteExpectations },
  { model: travelQuickQuoteModel, expectations: travelQuickQuoteExpectations },
  { model: smsVerificationModel, expectations: smsVerificationExpectations },
  { model: tssPurchaseModel, expectations: tssPurchaseExpectations },
  { model: travelPurchaseModel, expectations: travelPurchaseExpectations },
  { model: besPurchaseModel, expectations: besPurchaseExpectations },
  { model: createUserModel, expectations: createUserExpectations },
  { model: emailChangeModel, expectations: emailChangeExpectations },
  // the admin area's small flows (issue 22 item 4): generic machines, provided per use in src/web/flows
  { model: loadModel, expectations: loadExpectations },
  { model: confirmActionModel, expectations: confirmActionExpectations },
  { model: uploadModel, expectations: uploadExpectations },
  { model: searchModel, expectations: searchExpectations },
  { model: formPanelModel, expectations: formPanelExpectations },
  // the customer's consent page (issue 24 item 10)
  { model: myConsentsModel, expectations: myConsentsExpectations },
  { model: documentCheckModel, expectations: documentCheckExpectations },
]
