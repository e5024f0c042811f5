import { modelSuite } from '../support/model-test.ts'
import { documentCheckExpectations } from './expectations/document-check.ts'
import { documentCheckModel } from './models/document-check.model.ts'

modelSuite(documentCheckModel, documentCheckExpectations)
