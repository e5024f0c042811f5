import { fundByCode, fundsOffered } from './funds.ts'
import { formatMoney } from './money.ts'
import { hasBirthCover, isTravelCoverage } from './purchase.ts'
import type { ApplicationData, ApplicationProduct } from './schemas/application.ts'
import { figuresInUse, SCHENGEN_MINIMUM_EUR } from './tariff.ts'
import type { TariffFigures } from './tariff-version.ts'

/**
 * The pre-information form (ön bilgilendirme formu, issue 24 item 4): what the customer is given
 * before paying, with their own answers and the server's price, per product. Like the consent
 * texts (docs/decisions/consents.md) it is versioned data, not Lingui messages: the server records
 * which version was given, in which language and the SHA-256 of the exact text, so that the words
 * can be proven later. A changed wording is a new version (`PRE_INFORMATION_VERSION`).
 */
export const PRE_INFORMATION_VERSION = 1
export type PreInformationLocale = 'tr' | 'en' | 'ru'
export type PreInformationSection = { heading: string; lines: string[] }
export type PreInformationForm = {
  documentId: string
  version: number
  locale: PreInformationLocale
  title: string
  sections: PreInformationSection[]
}

const PRODUCT_CODE: Record<ApplicationProduct, string> = { tss: 'TSS', seyahatsaglik: 'SYS', erkenbes: 'ERKENBES', pratikbes: 'PRATIKBES' }

/** `ONBILGI-TSS-v1`: the document and its version. */
export function preInformationDocumentId(product: ApplicationProduct): string {
  return `ONBILGI-${PRODUCT_CODE[product]}-v${PRE_INFORMATION_VERSION}`
}

/** A national ID with only its first 3 and last 2 digits shown (100******46); a passport number keeps its last 3. */
export function maskNationalId(id: string): string {
  if (/^\d{11}$/.test(id)) return `${id.slice(0, 3)}${'*'.repeat(6)}${id.slice(9)}`
  return id.length <= 3 ? id : `${'*'.repeat(id.length - 3)}${id.slice(-3)}`
}

/** An ISO day (2026-05-17) as the reader writes it: tr 17.05.2026, en 17/05/2026, ru 17.05.2026. */
export function formatDay(iso: string, locale: PreInformationLocale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!m) return iso
  return locale === 'en' ? `${m[3]}/${m[2]}/${m[1]}` : `${m[3]}.${m[2]}.${m[1]}`
}

type Words = {
  title: Record<ApplicationProduct, string>
  company: { heading: string; lines: string[] }
  person: { heading: string; name: string; nationalId: string; birthdate: string; email: string; phone: string; custodian: string; payer: string }
  cover: { heading: string }
  tss: { visits: (n: number) => string; inpatientOnly: string; inpatient: string; birth: (yes: boolean, months: number) => string; sgk: string; waiting: string }
  travel: { region: string; regions: Record<string, string>; dates: string; cover: string; level: Record<string, string>; covid: (yes: boolean) => string; schengen: (minimum: string) => string; assistance: string }
  bes: { plan: Record<'erkenbes' | 'pratikbes', string>; contribution: string; frequency: Record<string, string>; funds: string; state: string; participation: string }
  price: { heading: string; policy: (amount: string) => string; contract: (amount: string) => string; card: string }
  withdrawal: { heading: string; policy: string[]; contract: string[] }
  complaints: { heading: string; lines: string[] }
  closing: string
}

const WORDS: Record<PreInformationLocale, Words> = {
  tr: {
    title: {
      tss: 'Tamamlayıcı Sağlık Sigortası Ön Bilgilendirme Formu', seyahatsaglik: 'Seyahat Sağlık Sigortası Ön Bilgilendirme Formu',
      erkenbes: 'Erken BES Ön Bilgilendirme Formu', pratikbes: 'Pratik BES Ön Bilgilendirme Formu',
    },
    company: {
      heading: 'Şirket',
      lines: [
        'Katılım Emeklilik ve Hayat A.Ş. (katılım esaslı, faizsiz sigorta ve bireysel emeklilik).',
        'Bu form, sözleşme kurulmadan ve ödeme yapılmadan önce okumanız için verilir; bir örneği e-posta adresinize gönderilir.',
      ],
    },
    person: { heading: 'Sigortalı / katılımcı', name: 'Ad soyad', nationalId: 'T.C. Kimlik No', birthdate: 'Doğum tarihi', email: 'E-posta', phone: 'Cep telefonu', custodian: 'Veli / vasi', payer: 'Katkı payını ödeyen' },
    cover: { heading: 'Teminat ve sözleşme bilgileri' },
    tss: {
      visits: (n) => `Ayakta tedavi: yılda ${n} vizite`, inpatientOnly: 'Ayakta tedavi: yok (yalnız yatarak tedavi)', inpatient: 'Yatarak tedavi: anlaşmalı özel hastanelerde SGK farkları dahil',
      birth: (yes, months) => (yes ? `Doğum teminatı: var (${months} ay bekleme süresiyle)` : 'Doğum teminatı: yok'),
      sgk: 'Sigortalının SGK\'lı olması gerekir; poliçe SGK\'nın karşılamadığı farkları öder.',
      waiting: 'Sağlık beyanınızda bildirdiğiniz durumlar teminat dışı bırakılabilir veya ek prim gerektirebilir; beyanın eksik ya da yanlış olması tazminatı etkiler.',
    },
    travel: {
      region: 'Bölge', regions: { schengen: 'Schengen / Avrupa', worldwideExclUsCa: 'Tüm dünya (ABD ve Kanada hariç)', worldwide: 'Tüm dünya' },
      dates: 'Seyahat tarihleri', cover: 'Tedavi teminatı (kişi başı)', level: { standard: 'Standart', plus: 'Plus', premium: 'Premium' },
      covid: (yes) => (yes ? 'Covid-19 teminatı: var' : 'Covid-19 teminatı: yok'),
      schengen: (minimum) => `Teminat, Schengen vizesi için istenen asgari ${minimum} tedavi teminatını karşılar.`,
      assistance: 'Yurt dışında 7/24 asistans hizmeti poliçede yazılı telefon numarasından verilir.',
    },
    bes: {
      plan: { erkenbes: 'Plan: Erken BES (katılım esaslı)', pratikbes: 'Plan: Pratik BES (katılım esaslı)' },
      contribution: 'Katkı payı', frequency: { monthly: 'aylık', quarterly: '3 aylık', semiannual: '6 aylık', annual: 'yıllık' },
      funds: 'Fon dağılımı',
      state: 'Ödediğiniz katkı payları için yasal sınırlar içinde %25 devlet katkısı yatırılır; devlet katkısının tamamına hak kazanmak için sistemde en az 10 yıl kalmanız ve 56 yaşını doldurmanız gerekir.',
      participation: 'Birikimleriniz yalnızca danışma kurulunca onaylanmış katılım (faizsiz) fonlarında değerlendirilir.',
    },
    price: {
      heading: 'Ücret ve ödeme',
      policy: (a) => `Yıllık prim: ${a}. Kredi kartınızdan tek çekim ya da taksitle tahsil edilir; taksitlerin toplamı bu tutardır.`,
      contract: (a) => `İlk katkı payı: ${a}. Kredi kartınızdan tahsil edilir; sonraki katkı payları seçtiğiniz dönemde aynı tutarla istenir.`,
      card: 'Ödeme 3D Secure ile alınır; kart bilgileriniz şirketimizde saklanmaz.',
    },
    withdrawal: {
      heading: 'Cayma ve iptal',
      policy: [
        'Poliçe başlamadan önce cayarsanız ödediğiniz primin tamamı iade edilir.',
        'Poliçe başladıktan sonra iptal ederseniz kalan günlere düşen prim gün esasına göre iade edilir; hasar ödenmiş bir poliçede iade yapılmaz.',
      ],
      contract: [
        'Sözleşmenin yürürlüğe girdiği tarihten başlayarak 60 gün içinde hiçbir gerekçe göstermeden cayabilirsiniz; ödediğiniz katkı payları kesintisiz iade edilir.',
        'Daha sonra sistemden ayrılırsanız birikiminiz yasal kesintilerle ödenir; devlet katkısı sistemdeki sürenize göre hak edilir.',
      ],
    },
    complaints: {
      heading: 'Başvuru ve şikâyet',
      lines: ['Şikâyetlerinizi müşteri hizmetlerimize yazılı olarak iletebilirsiniz.', 'Sonuçtan memnun kalmazsanız Sigorta Tahkim Komisyonu\'na başvurabilirsiniz.'],
    },
    closing: 'Bu formdaki bilgiler verdiğiniz yanıtlara ve bugünkü tarifeye göre hazırlanmıştır; yanıtlarınız değişirse form yenilenir.',
  },
  en: {
    title: {
      tss: 'Complementary Health Insurance Pre-Information Form', seyahatsaglik: 'Travel Health Insurance Pre-Information Form',
      erkenbes: 'Early BES Pre-Information Form', pratikbes: 'Practical BES Pre-Information Form',
    },
    company: {
      heading: 'Company',
      lines: [
        'Katılım Emeklilik ve Hayat A.Ş. (participation-based, interest-free insurance and private pension).',
        'This form is given to you to read before the contract is made and before you pay; a copy is sent to your e-mail address.',
      ],
    },
    person: { heading: 'Insured person / participant', name: 'Name', nationalId: 'Turkish ID number', birthdate: 'Date of birth', email: 'E-mail', phone: 'Mobile phone', custodian: 'Custodian', payer: 'Contributions paid by' },
    cover: { heading: 'Cover and contract' },
    tss: {
      visits: (n) => `Outpatient treatment: ${n} visits a year`, inpatientOnly: 'Outpatient treatment: none (inpatient only)', inpatient: 'Inpatient treatment: at contracted private hospitals, SGK differences included',
      birth: (yes, months) => (yes ? `Maternity cover: included (${months}-month waiting period)` : 'Maternity cover: not included'),
      sgk: 'The insured person must be covered by SGK; the policy pays the differences SGK does not.',
      waiting: 'Conditions stated in your health declaration may be excluded or need an extra premium; an incomplete or wrong declaration affects claims.',
    },
    travel: {
      region: 'Region', regions: { schengen: 'Schengen / Europe', worldwideExclUsCa: 'Worldwide (excluding the USA and Canada)', worldwide: 'Worldwide' },
      dates: 'Travel dates', cover: 'Medical cover (per person)', level: { standard: 'Standard', plus: 'Plus', premium: 'Premium' },
      covid: (yes) => (yes ? 'Covid-19 cover: included' : 'Covid-19 cover: not included'),
      schengen: (minimum) => `The cover meets the minimum medical cover of ${minimum} required for a Schengen visa.`,
      assistance: 'Assistance abroad is available 24/7 at the telephone number printed on the policy.',
    },
    bes: {
      plan: { erkenbes: 'Plan: Early BES (participation-based)', pratikbes: 'Plan: Practical BES (participation-based)' },
      contribution: 'Contribution', frequency: { monthly: 'monthly', quarterly: 'quarterly', semiannual: 'every 6 months', annual: 'yearly' },
      funds: 'Fund distribution',
      state: 'A 25% state contribution is paid on your contributions within the legal limits; to be entitled to all of it you must stay in the system for at least 10 years and reach the age of 56.',
      participation: 'Your savings are invested only in participation (interest-free) funds approved by the advisory board.',
    },
    price: {
      heading: 'Price and payment',
      policy: (a) => `Annual premium: ${a}. Charged to your credit card in one payment or in instalments; the instalments add up to this amount.`,
      contract: (a) => `First contribution: ${a}. Charged to your credit card; later contributions of the same amount are due at the frequency you chose.`,
      card: 'The payment is taken with 3-D Secure; your card details are not stored by the company.',
    },
    withdrawal: {
      heading: 'Withdrawal and cancellation',
      policy: [
        'If you withdraw before the policy starts, the whole premium is refunded.',
        'If you cancel after it starts, the premium of the remaining days is refunded pro rata; no refund is made once a claim has been paid.',
      ],
      contract: [
        'You may withdraw within 60 days of the contract taking effect without giving a reason; your contributions are refunded without deductions.',
        'If you leave the system later, your savings are paid with the legal deductions; the state contribution is earned according to your time in the system.',
      ],
    },
    complaints: {
      heading: 'Requests and complaints',
      lines: ['You may send complaints to our customer service in writing.', 'If you are not satisfied with the outcome, you may apply to the Insurance Arbitration Commission (Sigorta Tahkim Komisyonu).'],
    },
    closing: 'The information in this form is based on your answers and today\'s tariff; if your answers change, the form is renewed.',
  },
  ru: {
    title: {
      tss: 'Форма предварительной информации: дополнительное медицинское страхование', seyahatsaglik: 'Форма предварительной информации: медицинское страхование путешественников',
      erkenbes: 'Форма предварительной информации: ранний BES', pratikbes: 'Форма предварительной информации: практичный BES',
    },
    company: {
      heading: 'Компания',
      lines: [
        'Katılım Emeklilik ve Hayat A.Ş. (страхование и частное пенсионное обеспечение на принципах партнёрского, беспроцентного финансирования).',
        'Эта форма выдаётся вам для ознакомления до заключения договора и до оплаты; её копия отправляется на ваш адрес электронной почты.',
      ],
    },
    person: { heading: 'Застрахованный / участник', name: 'Имя и фамилия', nationalId: 'Идентификационный номер', birthdate: 'Дата рождения', email: 'Эл. почта', phone: 'Мобильный телефон', custodian: 'Законный представитель', payer: 'Плательщик взносов' },
    cover: { heading: 'Покрытие и условия договора' },
    tss: {
      visits: (n) => `Амбулаторное лечение: ${n} визитов в год`, inpatientOnly: 'Амбулаторное лечение: нет (только стационар)', inpatient: 'Стационарное лечение: в частных больницах-партнёрах, включая доплаты сверх SGK',
      birth: (yes, months) => (yes ? `Покрытие родов: есть (период ожидания ${months} месяцев)` : 'Покрытие родов: нет'),
      sgk: 'Застрахованный должен быть застрахован в SGK; полис оплачивает разницу, которую SGK не покрывает.',
      waiting: 'Состояния, указанные в декларации о здоровье, могут быть исключены из покрытия или потребовать доплаты; неполная или неверная декларация влияет на выплаты.',
    },
    travel: {
      region: 'Регион', regions: { schengen: 'Шенген / Европа', worldwideExclUsCa: 'Весь мир (кроме США и Канады)', worldwide: 'Весь мир' },
      dates: 'Даты поездки', cover: 'Медицинское покрытие (на человека)', level: { standard: 'Стандарт', plus: 'Плюс', premium: 'Премиум' },
      covid: (yes) => (yes ? 'Покрытие Covid-19: есть' : 'Покрытие Covid-19: нет'),
      schengen: (minimum) => `Покрытие соответствует минимальному медицинскому покрытию ${minimum}, требуемому для шенгенской визы.`,
      assistance: 'Ассистанс за рубежом доступен круглосуточно по телефону, указанному в полисе.',
    },
    bes: {
      plan: { erkenbes: 'План: ранний BES (на принципах партнёрского финансирования)', pratikbes: 'План: практичный BES (на принципах партнёрского финансирования)' },
      contribution: 'Взнос', frequency: { monthly: 'ежемесячно', quarterly: 'раз в 3 месяца', semiannual: 'раз в 6 месяцев', annual: 'ежегодно' },
      funds: 'Распределение по фондам',
      state: 'На ваши взносы в пределах установленных законом лимитов начисляется государственный взнос 25%; чтобы получить его полностью, нужно пробыть в системе не менее 10 лет и достичь 56 лет.',
      participation: 'Ваши накопления инвестируются только в фонды партнёрского (беспроцентного) финансирования, одобренные консультативным советом.',
    },
    price: {
      heading: 'Стоимость и оплата',
      policy: (a) => `Годовая премия: ${a}. Списывается с вашей кредитной карты единовременно или в рассрочку; сумма платежей равна этой сумме.`,
      contract: (a) => `Первый взнос: ${a}. Списывается с вашей кредитной карты; следующие взносы той же суммы вносятся с выбранной вами периодичностью.`,
      card: 'Оплата проводится с 3-D Secure; данные вашей карты компания не хранит.',
    },
    withdrawal: {
      heading: 'Отказ и расторжение',
      policy: [
        'Если вы откажетесь до начала действия полиса, премия возвращается полностью.',
        'При расторжении после начала действия премия за оставшиеся дни возвращается пропорционально; после выплаты возмещения возврат не производится.',
      ],
      contract: [
        'Вы можете отказаться от договора в течение 60 дней с даты его вступления в силу без объяснения причин; взносы возвращаются без удержаний.',
        'При выходе из системы позже накопления выплачиваются с удержаниями по закону; государственный взнос зависит от срока пребывания в системе.',
      ],
    },
    complaints: {
      heading: 'Обращения и жалобы',
      lines: ['Жалобы можно направить в нашу службу поддержки в письменном виде.', 'Если результат вас не устроит, вы можете обратиться в Страховую арбитражную комиссию (Sigorta Tahkim Komisyonu).'],
    },
    closing: 'Сведения в этой форме основаны на ваших ответах и сегодняшнем тарифе; если ответы изменятся, форма будет обновлена.',
  },
}

/**
 * The form of a product for an application's answers, priced at `amount` (the server's price), in a
 * language. Pure: the same answers, price and language give the same text (and hash).
 */
export function preInformationForm(
  product: ApplicationProduct, data: ApplicationData, amount: number, currency: string, locale: PreInformationLocale, now: Date,
  figures: TariffFigures = { ...figuresInUse(), funds: fundsOffered() },
): PreInformationForm {
  const w = WORDS[locale]
  const money = (a: number | string, c = currency) => formatMoney(a, c, locale)
  const person = data.personalProfile
  const personLines = person
    ? [
        `${w.person.name}: ${person.firstname} ${person.lastname}`,
        `${w.person.nationalId}: ${maskNationalId(person.nationalId)}`,
        `${w.person.birthdate}: ${formatDay(person.birthdate, locale)}`,
        `${w.person.email}: ${person.email}`,
        `${w.person.phone}: ${person.userphone}`,
      ]
    : []
  if (data.custodianProfile) personLines.push(`${w.person.custodian}: ${data.custodianProfile.firstname} ${data.custodianProfile.lastname}`)
  if (data.payerProfile) personLines.push(`${w.person.payer}: ${data.payerProfile.firstname} ${data.payerProfile.lastname}`)
  const cover: string[] = []
  const isContract = product === 'erkenbes' || product === 'pratikbes'
  if (product === 'tss') {
    const visits = data.outpatientVisits ?? 0
    cover.push(w.tss.inpatient, visits === 0 ? w.tss.inpatientOnly : w.tss.visits(visits), w.tss.birth(hasBirthCover(data, now, figures), figures.tss.birthWaitingMonths), w.tss.sgk, w.tss.waiting)
  } else if (product === 'seyahatsaglik' && data.travelPlan) {
    const plan = data.travelPlan
    const eur = isTravelCoverage(plan.coverageType) ? figures.travel.coverEur[plan.coverageType] : 0
    cover.push(
      `${w.travel.region}: ${w.travel.regions[plan.travelLocation] ?? plan.travelLocation}`,
      `${w.travel.dates}: ${formatDay(plan.startDate, locale)} – ${formatDay(plan.endDate, locale)}`,
      `${w.travel.cover}: ${w.travel.level[plan.coverageType] ?? plan.coverageType}, ${formatMoney(eur, 'EUR', locale, { fractionDigits: 0 })}`,
      w.travel.covid(plan.covid),
    )
    if (plan.travelLocation === 'schengen' && eur >= SCHENGEN_MINIMUM_EUR) cover.push(w.travel.schengen(formatMoney(SCHENGEN_MINIMUM_EUR, 'EUR', locale, { fractionDigits: 0 })))
    cover.push(w.travel.assistance)
  } else if (isContract && data.pensionContract) {
    const c = data.pensionContract
    cover.push(
      w.bes.plan[product],
      `${w.bes.contribution}: ${money(c.contributionAmount, c.currencyOfInvest)} (${w.bes.frequency[c.freqOfInvest] ?? c.freqOfInvest})`,
      `${w.bes.funds}: ${c.fundChoice.map((f) => `${fundByCode(f.code, figures.funds)?.name ?? f.code} %${f.share}`).join(', ')}`,
      w.bes.participation,
      w.bes.state,
    )
  }
  const sections: PreInformationSection[] = [
    { heading: w.company.heading, lines: w.company.lines },
    { heading: w.person.heading, lines: personLines },
    { heading: w.cover.heading, lines: cover },
    { heading: w.price.heading, lines: [isContract ? w.price.contract(money(amount)) : w.price.policy(money(amount)), w.price.card] },
    { heading: w.withdrawal.heading, lines: isContract ? w.withdrawal.contract : w.withdrawal.policy },
    { heading: w.complaints.heading, lines: w.complaints.lines },
    { heading: '', lines: [w.closing] },
  ]
  return { documentId: preInformationDocumentId(product), version: PRE_INFORMATION_VERSION, locale, title: w.title[product], sections }
}

/** The form as one plain text (what its hash proves, and the mail's body): the title, then each section. */
export function preInformationText(form: PreInformationForm): string {
  return [form.title, ...form.sections.map((s) => [s.heading, ...s.lines.map((l) => `- ${l}`)].filter(Boolean).join('\n'))].join('\n\n')
}
