/**
 * The small option lists of the administration forms. Company sizes come from the committed derived
 * file (Turkish KOBİ regulation classes); the other lists are the product's own, written here.
 */
import companySizesFile from './data/company-sizes.json' with { type: 'json' }
import type { LocalizedName, OptionList, OptionRow, ReferenceNote } from './types.ts'

type Item = { value: string; name: LocalizedName; level?: number }

/** Address kinds of a company and of a person. RSD is used by the personal-address flows only: /lookup/locationTypes leaves it out. */
const LOCATION_TYPES: Item[] = [
  { value: 'HQ', name: { tr: 'Genel Müdürlük', en: 'Head office', ru: 'Головной офис' } },
  { value: 'REGIONAL', name: { tr: 'Bölge Müdürlüğü', en: 'Regional office', ru: 'Региональный офис' } },
  { value: 'BRANCH', name: { tr: 'Şube', en: 'Branch', ru: 'Филиал' } },
  { value: 'LIAISON', name: { tr: 'İrtibat Bürosu', en: 'Liaison office', ru: 'Представительство' } },
  { value: 'SALES', name: { tr: 'Satış Ofisi', en: 'Sales office', ru: 'Офис продаж' } },
  { value: 'AGENCY', name: { tr: 'Acente', en: 'Agency', ru: 'Агентство' } },
  { value: 'CALL_CENTER', name: { tr: 'Çağrı Merkezi', en: 'Call centre', ru: 'Колл-центр' } },
  { value: 'DATA_CENTER', name: { tr: 'Veri Merkezi', en: 'Data centre', ru: 'Центр обработки данных' } },
  { value: 'WAREHOUSE', name: { tr: 'Depo', en: 'Warehouse', ru: 'Склад' } },
  { value: 'FACTORY', name: { tr: 'Fabrika', en: 'Factory', ru: 'Завод' } },
  { value: 'OTHER', name: { tr: 'Diğer', en: 'Other', ru: 'Другое' } },
  { value: 'RSD', name: { tr: 'Ev', en: 'Home', ru: 'Дом' } },
]

/** Seniority of a job title, level 1 (lowest) upwards. */
const EXPERIENCE_LEVELS: Item[] = [
  { value: 'INTERN', name: { tr: 'Stajyer', en: 'Intern', ru: 'Стажёр' } },
  { value: 'JUNIOR', name: { tr: 'Giriş seviyesi', en: 'Junior', ru: 'Младший специалист' } },
  { value: 'MID', name: { tr: 'Orta seviye', en: 'Mid-level', ru: 'Специалист' } },
  { value: 'SENIOR', name: { tr: 'Kıdemli', en: 'Senior', ru: 'Старший специалист' } },
  { value: 'LEAD', name: { tr: 'Takım lideri', en: 'Team lead', ru: 'Руководитель группы' } },
  { value: 'MANAGER', name: { tr: 'Müdür', en: 'Manager', ru: 'Руководитель' } },
  { value: 'DIRECTOR', name: { tr: 'Direktör', en: 'Director', ru: 'Директор' } },
  { value: 'EXECUTIVE', name: { tr: 'Üst düzey yönetici', en: 'Executive', ru: 'Топ-менеджер' } },
].map((item, i) => ({ ...item, level: i + 1 }))

/**
 * Data-privacy sensitivity of a role's data (KVKK, Law No. 6698): level 4 is the special categories
 * of personal data of article 6 (health, biometric, religion, criminal record...).
 */
const GDPR_LEVELS: Item[] = [
  { value: 'PUBLIC', level: 1, name: { tr: 'Genel', en: 'Public', ru: 'Открытые данные' } },
  { value: 'INTERNAL', level: 2, name: { tr: 'Kurum içi', en: 'Internal', ru: 'Для внутреннего использования' } },
  { value: 'CONFIDENTIAL', level: 3, name: { tr: 'Gizli (kişisel veri)', en: 'Confidential (personal data)', ru: 'Конфиденциальные (персональные данные)' } },
  { value: 'SENSITIVE', level: 4, name: { tr: 'Özel nitelikli kişisel veri', en: 'Special categories of personal data', ru: 'Специальные категории персональных данных' } },
]

function companySizes(): Item[] {
  return companySizesFile.rows.map((row, i) => ({ value: row.code, level: i + 1, name: { tr: row.name.tr, en: row.name.en, ru: row.name.ru } }))
}

export function buildOptions(): { rows: OptionRow[]; notes: ReferenceNote[] } {
  const lists: [OptionList, Item[]][] = [
    ['companySizes', companySizes()],
    ['locationTypes', LOCATION_TYPES],
    ['experienceLevels', EXPERIENCE_LEVELS],
    ['gdprLevels', GDPR_LEVELS],
  ]
  const rows = lists.flatMap(([list, items]) => items.map((item, i): OptionRow => ({
    list,
    value: item.value,
    name: { ...item.name },
    level: item.level ?? null,
    sort: i + 1,
  })))
  return { rows, notes: [] }
}
