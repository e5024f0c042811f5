import { modelSuite } from '../support/model-test.ts'
import { travelQuickQuoteExpectations } from './expectations/travel-quick-quote.ts'
import { travelQuickQuoteModel } from './models/travel-quick-quote.model.ts'

modelSuite(travelQuickQuoteModel, travelQuickQuoteExpectations)
