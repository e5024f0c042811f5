import { modelSuite } from '../support/model-test.ts'
import { travelPurchaseExpectations } from './expectations/travel-purchase.ts'
import { travelPurchaseModel } from './models/travel-purchase.model.ts'

modelSuite(travelPurchaseModel, travelPurchaseExpectations)
