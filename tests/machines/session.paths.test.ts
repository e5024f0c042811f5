import { modelSuite } from '../support/model-test.ts'
import { sessionExpectations } from './expectations/session.ts'
import { sessionModel } from './models/session.model.ts'

modelSuite(sessionModel, sessionExpectations)
