import { modelSuite } from '../support/model-test.ts'
import { paymentExpectations } from './expectations/payment.ts'
import { paymentModel } from './models/payment.model.ts'

modelSuite(paymentModel, paymentExpectations)
