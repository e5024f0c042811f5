import { formPanelMachine } from '../../../machines/form-panel/form-panel.machine.ts'

/** Which record's form is open beside a list or the organisation chart (machines/form-panel): no effects to provide. */
export const formPanelFlow = formPanelMachine
