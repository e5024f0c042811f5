import { modelSuite } from '../support/model-test.ts'
import { emailChangeExpectations } from './expectations/email-change.ts'
import { emailChangeModel } from './models/email-change.model.ts'

modelSuite(emailChangeModel, emailChangeExpectations)
