import { modelSuite } from '../support/model-test.ts'
import { forgotPasswordExpectations } from './expectations/forgot-password.ts'
import { forgotPasswordModel } from './models/forgot-password.model.ts'

modelSuite(forgotPasswordModel, forgotPasswordExpectations)
