import { modelSuite } from '../support/model-test.ts'
import { paymentResultExpectations } from './expectations/payment-result.ts'
import { paymentResultModel } from './models/payment-result.model.ts'

modelSuite(paymentResultModel, paymentResultExpectations)
