import { modelSuite } from '../support/model-test.ts'
import { besPurchaseExpectations } from './expectations/bes-purchase.ts'
import { besPurchaseModel } from './models/bes-purchase.model.ts'

modelSuite(besPurchaseModel, besPurchaseExpectations)
