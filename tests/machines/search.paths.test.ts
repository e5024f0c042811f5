import { modelSuite } from '../support/model-test.ts'
import { searchExpectations } from './expectations/search.ts'
import { searchModel } from './models/search.model.ts'

modelSuite(searchModel, searchExpectations)
