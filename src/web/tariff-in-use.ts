import { setTariffInUse } from '../domain/tariff-version.ts'
import { runtimeConfig } from './config.ts'

/**
 * The browser prices with the tariff version in force that the server served the page with
 * (issue 24, docs/decisions/tariffs.md): imported for its effect by the modules that quote or show
 * funds, so that pages without prices carry none of it. Without one (a page served without the
 * database) version 1's figures, built in, stay; the server's price decides in any case.
 */
if (runtimeConfig.tariff) setTariffInUse(runtimeConfig.tariff.figures)
