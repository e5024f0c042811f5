import { modelSuite } from '../support/model-test.ts'
import { passwordChangeExpectations } from './expectations/password-change.ts'
import { passwordChangeModel } from './models/password-change.model.ts'

modelSuite(passwordChangeModel, passwordChangeExpectations)
