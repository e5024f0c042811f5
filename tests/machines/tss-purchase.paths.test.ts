import { modelSuite } from '../support/model-test.ts'
import { tssPurchaseExpectations } from './expectations/tss-purchase.ts'
import { tssPurchaseModel } from './models/tss-purchase.model.ts'

modelSuite(tssPurchaseModel, tssPurchaseExpectations)
