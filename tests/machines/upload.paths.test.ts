import { modelSuite } from '../support/model-test.ts'
import { uploadExpectations } from './expectations/upload.ts'
import { uploadModel } from './models/upload.model.ts'

modelSuite(uploadModel, uploadExpectations)
