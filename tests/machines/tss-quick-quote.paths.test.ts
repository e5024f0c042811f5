import { modelSuite } from '../support/model-test.ts'
import { tssQuickQuoteExpectations } from './expectations/tss-quick-quote.ts'
import { tssQuickQuoteModel } from './models/tss-quick-quote.model.ts'

modelSuite(tssQuickQuoteModel, tssQuickQuoteExpectations)
