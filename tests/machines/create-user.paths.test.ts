import { modelSuite } from '../support/model-test.ts'
import { createUserExpectations } from './expectations/create-user.ts'
import { createUserModel } from './models/create-user.model.ts'

modelSuite(createUserModel, createUserExpectations)
