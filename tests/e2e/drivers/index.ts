import { createUserDriver } from './create-user.ts'
import { forgotPasswordDriver } from './forgot-password.ts'
import { orgBuilderDriver } from './org-builder.ts'
import { passwordChangeDriver } from './password-change.ts'
import { paymentResultDriver } from './payment-result.ts'
import { resourceListDriver } from './resource-list.ts'
import type { Driver } from './types.ts'

/** Every machine replayed in the browser (tests/e2e/model-paths.e2e.test.ts), one driver module each. */
export const DRIVERS: Driver[] = [
  passwordChangeDriver,
  forgotPasswordDriver,
  paymentResultDriver,
  resourceListDriver,
  createUserDriver,
  orgBuilderDriver,
]
