import { modelSuite } from '../support/model-test.ts'
import { formPanelExpectations } from './expectations/form-panel.ts'
import { formPanelModel } from './models/form-panel.model.ts'

modelSuite(formPanelModel, formPanelExpectations)
