import { modelSuite } from '../support/model-test.ts'
import { confirmActionExpectations } from './expectations/confirm-action.ts'
import { confirmActionModel } from './models/confirm-action.model.ts'

modelSuite(confirmActionModel, confirmActionExpectations)
