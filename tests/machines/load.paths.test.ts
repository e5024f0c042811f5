import { modelSuite } from '../support/model-test.ts'
import { loadExpectations } from './expectations/load.ts'
import { loadModel } from './models/load.model.ts'

modelSuite(loadModel, loadExpectations)
