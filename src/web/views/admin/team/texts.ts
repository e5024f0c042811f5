import { useMemo } from 'react'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { GroupLevel } from '../../../../domain/groups.ts'
import { CATALOGUE } from '../../../api/errors.ts'

/** Spec 9 group levels, as the chart and the form name them. */
export const LEVEL_TEXT: Record<GroupLevel, MessageDescriptor> = {
  management: msg`Yönetim grubu`,
  unit: msg`Organizasyon birimi`,
  team: msg`Ekip`,
}

/** The reasons the organisation builder shows for a refused move, save or delete (by the server's code). */
const REASON_TEXT: Record<string, MessageDescriptor> = {
  LEVEL_ERROR: CATALOGUE.LEVEL_ERROR,
  GROUP_CYCLE: /*i18n*/ { id: 'GROUP_CYCLE' },
  CONFLICT: msg`Bu grup bu arada başka biri tarafından değiştirildi; ağacı yeniden yükleyin`,
  GROUP_EXISTS: /*i18n*/ { id: 'GROUP_EXISTS' },
  GROUP_NOT_EMPTY: /*i18n*/ { id: 'GROUP_NOT_EMPTY' },
  NOT_FOUND: msg`Bu grup artık yok; ağacı yeniden yükleyin`,
  FORBIDDEN: /*i18n*/ { id: 'FORBIDDEN' },
  NETWORK: CATALOGUE.NETWORK,
  UNEXPECTED: CATALOGUE.UNEXPECTED,
}

export function useGroupTexts() {
  const { i18n } = useLingui()
  return useMemo(() => ({
    level: (level: GroupLevel) => i18n._(LEVEL_TEXT[level]),
    reason: (code: string) => i18n._(REASON_TEXT[code] ?? CATALOGUE.TECHNICAL),
  }), [i18n])
}
