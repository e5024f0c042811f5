import { createFileRoute, redirect } from '@tanstack/react-router'
import { PENSION_PRODUCT_PATH, redirectTarget } from '../../domain/navigation.ts'
import { runtimeConfig } from '../config.ts'

/** Spec 2.1: any other path goes to the provider's individual-pension page on the main site. */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    if (runtimeConfig.mainSiteOrigin) {
      throw redirect({ href: redirectTarget(runtimeConfig.mainSiteOrigin), reloadDocument: true, replace: true })
    }
    throw redirect({ to: PENSION_PRODUCT_PATH, replace: true })
  },
})
