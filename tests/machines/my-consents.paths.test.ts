import { modelSuite } from '../support/model-test.ts'
import { myConsentsExpectations } from './expectations/my-consents.ts'
import { myConsentsModel } from './models/my-consents.model.ts'

modelSuite(myConsentsModel, myConsentsExpectations)
