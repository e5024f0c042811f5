import { modelSuite } from '../support/model-test.ts'
import { orgBuilderExpectations } from './expectations/org-builder.ts'
import { orgBuilderModel } from './models/org-builder.model.ts'

modelSuite(orgBuilderModel, orgBuilderExpectations)
