/**
 * The shared, pure rules of the product (spec sections 3-6 and 9): validators, card rules, the BIN
 * check, password policy, permissions, constants, payload schemas and message codes. No I/O; only
 * zod, credit-card-type and data files. The BIN table itself is loaded lazily by `checkCardBin`.
 *
 * Sales-page code should import the specific modules (e.g. './card/brands.ts', './card/card-form.ts',
 * './card/bin.ts'): that keeps zod out of the first load (about 6 KiB gz instead of 11 through this
 * barrel, which drags in zod's module-level code even when no schema is used).
 */
export * from './constants.ts'
export * from './tckn.ts'
export * from './dates.ts'
export * from './expiry.ts'
export * from './names.ts'
export * from './phone.ts'
export * from './amount.ts'
export * from './password.ts'
export * from './permissions.ts'
export * from './messages.ts'
export * from './navigation.ts'
export * from './card/brands.ts'
export * from './card/prefix-pattern.ts'
export * from './card/bin.ts'
export * from './card/order-id.ts'
export * from './card/card-form.ts'
export * from './schemas/common.ts'
export * from './schemas/sales.ts'
export * from './schemas/legal-permission.ts'
export * from './schemas/card-form.ts'
export * from './schemas/gateway.ts'
