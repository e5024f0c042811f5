import type { ServerLocale } from './i18n.ts'

/**
 * The words of the policy and contract documents (issue 24 item 5, docs/decisions/documents.md),
 * in the server's typed-table way (like mail-texts.ts): every key in tr, en and ru, checked by the
 * type. Travel documents are printed in Turkish and English whatever the buyer's language (a
 * Schengen visa application needs English; the policy is a Turkish contract); TSS and BES documents
 * in the language of the purchase.
 */
export type DocumentTexts = {
  title: { tss: string; seyahatsaglik: string; bes: string }
  plan: { erkenbes: string; pratikbes: string }
  number: { policy: string; contract: string }
  issuedAt: string
  check: { heading: string; code: string; how: (url: string) => string }
  page: (n: number, of: number) => string
  person: {
    insured: string; participant: string; name: string; nationalId: string; passport: string; passportNo: string; nationality: string; birthdate: string
    phone: string; email: string; custodian: string; payer: string
  }
  period: { heading: string; start: string; end: string; noon: (day: string) => string; effective: string; length: (days: number) => string; duration: string }
  tss: {
    heading: string; plan: string; plans: { inpatient: string; outpatient: (n: number) => string }
    network: string; networkText: string
    limits: string; inpatient: string; inpatientLimit: string; outpatient: string; outpatientLimit: (n: number) => string; none: string
    birth: string; birthYes: (months: number) => string; copay: string; copayNone: string
    premium: string; premiumInpatient: string; premiumOutpatient: string; premiumBirth: string; premiumTotal: string; monthly: string
    exclusionsHeading: string; exclusions: string[]
  }
  travel: {
    trip: string; region: string; regions: Record<string, string>; level: string; levels: Record<string, string>
    cover: string; medical: string; repatriation: string; repatriationValue: string; covid: string; deductible: string; deductibleNone: string
    schengen: (minimum: string) => string
    assistance: string; assistanceText: (phone: string) => string
    exclusionsHeading: string; exclusions: string[]
  }
  bes: {
    contract: string; plan: string; participation: string; currency: string; frequency: string; frequencies: Record<string, string>
    contribution: string; firstPaid: string; funds: string; fund: string; risk: string; share: string
    stateHeading: string; state: string
  }
  payment: { heading: string; paid: string; paidAt: string; order: string }
  yes: string
  no: string
  withdrawal: { heading: string; policy: string[]; travel: string[]; contract: string[] }
  insurer: { heading: string; company: string; address: string; mersis: string; phone: string; kep: string }
  complaints: { heading: string; lines: string[] }
  illustrative: string
}

export const DOCUMENT_TEXTS: Record<ServerLocale, DocumentTexts> = {
  tr: {
    title: { tss: 'Tamamlayıcı Sağlık Sigortası Poliçesi', seyahatsaglik: 'Seyahat Sağlık Sigortası Poliçesi', bes: 'Bireysel Emeklilik Sözleşmesi' },
    plan: { erkenbes: 'Erken BES (katılım esaslı emeklilik planı)', pratikbes: 'Pratik BES (katılım esaslı emeklilik planı)' },
    number: { policy: 'Poliçe no', contract: 'Sözleşme no' },
    issuedAt: 'Düzenlenme tarihi',
    check: { heading: 'Belge doğrulama', code: 'Doğrulama kodu', how: (url) => `Bu belgenin geçerliliğini ${url} adresinden doğrulayabilirsiniz.` },
    page: (n, of) => `Sayfa ${n}/${of}`,
    person: {
      insured: 'Sigortalı', participant: 'Katılımcı', name: 'Ad soyad', nationalId: 'T.C. Kimlik No', passport: 'Pasaport / kimlik no', passportNo: 'Pasaport no', nationality: 'Uyruk',
      birthdate: 'Doğum tarihi', phone: 'Cep telefonu', email: 'E-posta', custodian: 'Veli / vasi', payer: 'Katkı payını ödeyen',
    },
    period: {
      heading: 'Sigorta süresi', start: 'Başlangıç', end: 'Bitiş', noon: (day) => `${day} saat 12:00`, effective: 'Yürürlük tarihi',
      length: (days) => `${days} gün`, duration: 'Süre',
    },
    tss: {
      heading: 'Plan ve anlaşmalı kurumlar', plan: 'Plan', plans: { inpatient: 'Yatarak tedavi', outpatient: (n) => `Yatarak + ayakta tedavi (yılda ${n} vizite)` },
      network: 'Anlaşmalı kurum ağı',
      networkText: 'Şirketin anlaşmalı özel hastane ve tıp merkezleri (güncel liste müşteri hizmetlerinden ve internet sitesinden öğrenilir). SGK ile anlaşmalı olmayan kurumlarda teminat yoktur.',
      limits: 'Teminatlar ve limitler', inpatient: 'Yatarak tedavi (ameliyat, yoğun bakım, yatış)', inpatientLimit: 'Limitsiz; anlaşmalı kurumlarda SGK fark ücreti %100',
      outpatient: 'Ayakta tedavi (muayene, tahlil, görüntüleme, fizik tedavi)', outpatientLimit: (n) => `Yılda ${n} vizite; her vizitede SGK fark ücreti %100`, none: 'Yok',
      birth: 'Doğum', birthYes: (months) => `Var; ${months} ay bekleme süresiyle, doğum başına SGK fark ücreti %100`, copay: 'Katılım payı', copayNone: 'Yok',
      premium: 'Prim dökümü', premiumInpatient: 'Yatarak tedavi primi', premiumOutpatient: 'Ayakta tedavi ek primi', premiumBirth: 'Doğum teminatı ek primi',
      premiumTotal: 'Yıllık toplam prim', monthly: 'Aylık karşılığı',
      exclusionsHeading: 'Başlıca teminat dışı haller',
      exclusions: [
        'Poliçe başlangıcından önce var olan ve sağlık beyanında bildirilmeyen hastalıklar ve bunların sonuçları.',
        'SGK\'nın hiç karşılamadığı tedaviler; estetik ve kozmetik amaçlı tedaviler.',
        'Tüp bebek ve kısırlık tedavileri; doğum teminatı yoksa hamilelik ve doğum masrafları.',
        'Diş tedavileri, gözlük ve lens; alkol, uyuşturucu ve kasıtlı yaralanma sonucu tedaviler.',
        'Savaş, terör ve nükleer riskler; anlaşmalı olmayan kurumlardaki tedaviler.',
      ],
    },
    travel: {
      trip: 'Seyahat', region: 'Geçerlilik bölgesi',
      regions: { schengen: 'Schengen ülkeleri ve Avrupa', worldwideExclUsCa: 'Tüm dünya (ABD ve Kanada hariç)', worldwide: 'Tüm dünya' },
      level: 'Teminat seviyesi', levels: { standard: 'Standart', plus: 'Plus', premium: 'Premium' },
      cover: 'Teminatlar', medical: 'Tıbbi tedavi masrafları (acil tedavi ve hastane yatışı dahil)', repatriation: 'Tıbbi nakil ve cenaze nakli',
      repatriationValue: 'Tedavi teminatı limitine kadar', covid: 'Covid-19 tedavisi', deductible: 'Muafiyet', deductibleNone: 'Yok',
      schengen: (minimum) => `Bu poliçe seyahatin tamamı boyunca tüm Schengen ülkelerinde geçerlidir ve Schengen vizesi için istenen asgari ${minimum} tedavi teminatını karşılar.`,
      assistance: '7/24 asistans', assistanceText: (phone) => `Yurt dışında tıbbi yardım gerektiğinde, tedaviden önce 7 gün 24 saat ulaşılabilen asistans merkezimizi arayınız: ${phone}`,
      exclusionsHeading: 'Başlıca teminat dışı haller',
      exclusions: [
        'Seyahatten önce var olan hastalıkların planlı tedavisi; tedavi amacıyla yapılan seyahatler.',
        'Alkol ve uyuşturucu etkisinde, kasıtlı olarak ya da profesyonel spor sırasında oluşan yaralanmalar.',
        'Savaş, terör ve nükleer riskler; asistans merkezine bildirilmeden yapılan planlı tedaviler.',
      ],
    },
    bes: {
      contract: 'Sözleşme bilgileri', plan: 'Emeklilik planı', participation: 'Birikimler yalnızca danışma kurulunca onaylanmış katılım (faizsiz) fonlarında değerlendirilir.',
      currency: 'Para birimi', frequency: 'Ödeme dönemi', frequencies: { monthly: 'Aylık', quarterly: '3 aylık', semiannual: '6 aylık', annual: 'Yıllık' },
      contribution: 'Katkı payı tutarı', firstPaid: 'İlk katkı payı', funds: 'Fon dağılımı', fund: 'Fon', risk: 'Risk değeri', share: 'Pay',
      stateHeading: 'Devlet katkısı',
      state: 'Ödediğiniz katkı payları için yasal sınırlar içinde %25 devlet katkısı yatırılır; devlet katkısının tamamına hak kazanmak için sistemde en az 10 yıl kalmanız ve 56 yaşını doldurmanız gerekir.',
    },
    payment: { heading: 'Ödeme', paid: 'Ödenen tutar', paidAt: 'Ödeme tarihi', order: 'Sipariş no' },
    yes: 'Var', no: 'Yok',
    withdrawal: {
      heading: 'Cayma ve iptal',
      policy: [
        'Poliçenin size ulaştığı tarihten başlayarak 30 gün içinde cayabilirsiniz; poliçe başlamadan cayarsanız ödediğiniz primin tamamı iade edilir.',
        'Poliçe başladıktan sonra iptal ederseniz kalan günlere düşen prim gün esasına göre iade edilir; hasar ödenmiş bir poliçede iade yapılmaz.',
      ],
      travel: [
        'Bir aydan kısa süreli seyahat sağlık sigortalarında cayma hakkı yoktur; poliçe başlamadan önce iptal ederseniz ödediğiniz primin tamamı iade edilir.',
        'Vize başvurunuz reddedilirse, ret yazısıyla başlangıçtan önce başvurduğunuzda prim iade edilir.',
      ],
      contract: [
        'Sözleşmenin yürürlüğe girdiği tarihten başlayarak 60 gün içinde hiçbir gerekçe göstermeden cayabilirsiniz; ödediğiniz katkı payları kesintisiz iade edilir.',
        'Daha sonra sistemden ayrılırsanız birikiminiz yasal kesintilerle ödenir; devlet katkısı sistemdeki sürenize göre hak edilir.',
      ],
    },
    insurer: { heading: 'Sigortacı', company: 'Şirket', address: 'Adres', mersis: 'MERSİS no', phone: 'Müşteri hizmetleri', kep: 'KEP adresi' },
    complaints: {
      heading: 'Başvuru ve şikâyet',
      lines: ['Şikâyetlerinizi müşteri hizmetlerimize yazılı olarak iletebilirsiniz.', 'Sonuçtan memnun kalmazsanız Sigorta Tahkim Komisyonu\'na başvurabilirsiniz.'],
    },
    illustrative: 'Bu demo uygulamanın tarife, limit ve şirket bilgileri örnek amaçlıdır.',
  },
  en: {
    title: { tss: 'Complementary Health Insurance Policy', seyahatsaglik: 'Travel Health Insurance Policy', bes: 'Private Pension Contract' },
    plan: { erkenbes: 'Early BES (participation-based pension plan)', pratikbes: 'Practical BES (participation-based pension plan)' },
    number: { policy: 'Policy no', contract: 'Contract no' },
    issuedAt: 'Issued on',
    check: { heading: 'Document verification', code: 'Verification code', how: (url) => `The validity of this document can be verified at ${url}.` },
    page: (n, of) => `Page ${n} of ${of}`,
    person: {
      insured: 'Insured person', participant: 'Participant', name: 'Name', nationalId: 'Turkish ID no', passport: 'Passport / ID no', passportNo: 'Passport no', nationality: 'Nationality',
      birthdate: 'Date of birth', phone: 'Mobile phone', email: 'E-mail', custodian: 'Custodian (legal parent)', payer: 'Contributions paid by',
    },
    period: {
      heading: 'Period of cover', start: 'Valid from', end: 'Valid until', noon: (day) => `${day} 12:00`, effective: 'Effective date',
      length: (days) => `${days} days`, duration: 'Duration',
    },
    tss: {
      heading: 'Plan and network', plan: 'Plan', plans: { inpatient: 'Inpatient treatment', outpatient: (n) => `Inpatient + outpatient treatment (${n} visits a year)` },
      network: 'Network',
      networkText: 'The company\'s contracted private hospitals and medical centres (the current list is available from customer services and the website). There is no cover at institutions without an SGK agreement.',
      limits: 'Cover and limits', inpatient: 'Inpatient treatment (surgery, intensive care, stay)', inpatientLimit: 'Unlimited; 100% of the SGK difference fee in the network',
      outpatient: 'Outpatient treatment (examination, tests, imaging, physiotherapy)', outpatientLimit: (n) => `${n} visits a year; 100% of the SGK difference fee per visit`, none: 'None',
      birth: 'Birth', birthYes: (months) => `Included; after a ${months}-month waiting period, 100% of the SGK difference fee per birth`, copay: 'Co-payment', copayNone: 'None',
      premium: 'Premium breakdown', premiumInpatient: 'Inpatient premium', premiumOutpatient: 'Outpatient additional premium', premiumBirth: 'Birth cover additional premium',
      premiumTotal: 'Total yearly premium', monthly: 'Monthly equivalent',
      exclusionsHeading: 'Main exclusions',
      exclusions: [
        'Illnesses existing before the start of the policy and not declared in the health declaration, and their consequences.',
        'Treatments SGK does not cover at all; aesthetic and cosmetic treatments.',
        'IVF and infertility treatments; pregnancy and birth costs without birth cover.',
        'Dental treatment, glasses and lenses; treatment resulting from alcohol, drugs or self-inflicted injury.',
        'War, terrorism and nuclear risks; treatment at institutions outside the network.',
      ],
    },
    travel: {
      trip: 'Trip', region: 'Territorial validity',
      regions: { schengen: 'Schengen states and Europe', worldwideExclUsCa: 'Worldwide (excluding the USA and Canada)', worldwide: 'Worldwide' },
      level: 'Cover level', levels: { standard: 'Standard', plus: 'Plus', premium: 'Premium' },
      cover: 'Cover', medical: 'Medical expenses (including emergency treatment and hospitalisation)', repatriation: 'Medical repatriation and repatriation of remains',
      repatriationValue: 'Up to the medical cover limit', covid: 'Covid-19 treatment', deductible: 'Deductible', deductibleNone: 'None',
      schengen: (minimum) => `This policy is valid in all Schengen states for the entire stay and meets the minimum medical cover of ${minimum} required for a Schengen visa.`,
      assistance: '24/7 assistance', assistanceText: (phone) => `If you need medical help abroad, call our assistance centre, reachable 24 hours a day, 7 days a week, before any treatment: ${phone}`,
      exclusionsHeading: 'Main exclusions',
      exclusions: [
        'Planned treatment of illnesses existing before the trip; trips made for treatment.',
        'Injuries under the influence of alcohol or drugs, self-inflicted or during professional sports.',
        'War, terrorism and nuclear risks; planned treatment not notified to the assistance centre.',
      ],
    },
    bes: {
      contract: 'Contract details', plan: 'Pension plan', participation: 'Savings are invested only in participation (interest-free) funds approved by the advisory board.',
      currency: 'Currency', frequency: 'Payment frequency', frequencies: { monthly: 'Monthly', quarterly: 'Quarterly', semiannual: 'Six-monthly', annual: 'Yearly' },
      contribution: 'Contribution amount', firstPaid: 'First contribution', funds: 'Fund distribution', fund: 'Fund', risk: 'Risk value', share: 'Share',
      stateHeading: 'State contribution',
      state: 'A 25% state contribution is paid on your contributions within the legal limits; to be entitled to all of it you must stay in the system for at least 10 years and reach the age of 56.',
    },
    payment: { heading: 'Payment', paid: 'Amount paid', paidAt: 'Paid on', order: 'Order no' },
    yes: 'Yes', no: 'No',
    withdrawal: {
      heading: 'Withdrawal and cancellation',
      policy: [
        'You may withdraw within 30 days of receiving the policy; if you withdraw before the policy starts, the whole premium is refunded.',
        'If you cancel after the policy has started, the premium for the remaining days is refunded pro rata; no refund is made on a policy with a paid claim.',
      ],
      travel: [
        'Travel health policies shorter than one month carry no right of withdrawal; if you cancel before the policy starts, the whole premium is refunded.',
        'If your visa application is refused, the premium is refunded when you apply with the refusal letter before the start date.',
      ],
      contract: [
        'You may withdraw within 60 days of the contract\'s effective date without giving any reason; your contributions are refunded without deductions.',
        'If you leave the system later, your savings are paid with the legal deductions; the state contribution vests according to your time in the system.',
      ],
    },
    insurer: { heading: 'Insurer', company: 'Company', address: 'Address', mersis: 'MERSIS no', phone: 'Customer services', kep: 'Registered e-mail (KEP)' },
    complaints: {
      heading: 'Requests and complaints',
      lines: ['You can send your complaints to our customer services in writing.', 'If you are not satisfied with the outcome, you can apply to the Insurance Arbitration Commission.'],
    },
    illustrative: 'The tariffs, limits and company details of this demo application are illustrative.',
  },
  ru: {
    title: { tss: 'Полис дополнительного медицинского страхования', seyahatsaglik: 'Полис медицинского страхования путешественников', bes: 'Договор частного пенсионного обеспечения' },
    plan: { erkenbes: 'Ранний BES (пенсионный план на партнёрской основе)', pratikbes: 'Практичный BES (пенсионный план на партнёрской основе)' },
    number: { policy: 'Номер полиса', contract: 'Номер договора' },
    issuedAt: 'Дата оформления',
    check: { heading: 'Проверка документа', code: 'Код проверки', how: (url) => `Подлинность этого документа можно проверить по адресу ${url}.` },
    page: (n, of) => `Страница ${n} из ${of}`,
    person: {
      insured: 'Застрахованный', participant: 'Участник', name: 'Имя и фамилия', nationalId: 'Турецкий ID (T.C. Kimlik No)', passport: 'Паспорт / номер документа', passportNo: 'Номер паспорта', nationality: 'Гражданство',
      birthdate: 'Дата рождения', phone: 'Мобильный телефон', email: 'Эл. почта', custodian: 'Законный представитель', payer: 'Плательщик взносов',
    },
    period: {
      heading: 'Срок страхования', start: 'Начало', end: 'Окончание', noon: (day) => `${day}, 12:00`, effective: 'Дата вступления в силу',
      length: (days) => `${days} дн.`, duration: 'Продолжительность',
    },
    tss: {
      heading: 'План и сеть клиник', plan: 'План', plans: { inpatient: 'Стационарное лечение', outpatient: (n) => `Стационар + амбулаторное лечение (${n} визитов в год)` },
      network: 'Сеть клиник',
      networkText: 'Частные больницы и медицинские центры, с которыми у компании есть договор (актуальный список — в службе поддержки и на сайте). В учреждениях без договора с SGK покрытия нет.',
      limits: 'Покрытие и лимиты', inpatient: 'Стационарное лечение (операции, реанимация, пребывание)', inpatientLimit: 'Без лимита; 100% разницы сверх SGK в сети клиник',
      outpatient: 'Амбулаторное лечение (приём врача, анализы, диагностика, физиотерапия)', outpatientLimit: (n) => `${n} визитов в год; 100% разницы сверх SGK за визит`, none: 'Нет',
      birth: 'Роды', birthYes: (months) => `Есть; после периода ожидания ${months} мес., 100% разницы сверх SGK за роды`, copay: 'Доля участия', copayNone: 'Нет',
      premium: 'Расчёт премии', premiumInpatient: 'Премия за стационар', premiumOutpatient: 'Доплата за амбулаторное лечение', premiumBirth: 'Доплата за покрытие родов',
      premiumTotal: 'Годовая премия, всего', monthly: 'В пересчёте на месяц',
      exclusionsHeading: 'Основные исключения',
      exclusions: [
        'Заболевания, существовавшие до начала полиса и не указанные в декларации о здоровье, и их последствия.',
        'Лечение, которое SGK не покрывает вовсе; эстетическое и косметическое лечение.',
        'ЭКО и лечение бесплодия; расходы на беременность и роды без покрытия родов.',
        'Лечение зубов, очки и линзы; лечение последствий алкоголя, наркотиков и умышленного причинения вреда себе.',
        'Война, терроризм и ядерные риски; лечение в учреждениях вне сети.',
      ],
    },
    travel: {
      trip: 'Поездка', region: 'Территория действия',
      regions: { schengen: 'Страны Шенгена и Европа', worldwideExclUsCa: 'Весь мир (кроме США и Канады)', worldwide: 'Весь мир' },
      level: 'Уровень покрытия', levels: { standard: 'Стандарт', plus: 'Плюс', premium: 'Премиум' },
      cover: 'Покрытие', medical: 'Медицинские расходы (включая экстренное лечение и госпитализацию)', repatriation: 'Медицинская эвакуация и репатриация останков',
      repatriationValue: 'В пределах лимита медицинского покрытия', covid: 'Лечение Covid-19', deductible: 'Франшиза', deductibleNone: 'Нет',
      schengen: (minimum) => `Полис действует во всех странах Шенгена на всё время поездки и соответствует минимальному медицинскому покрытию ${minimum}, требуемому для шенгенской визы.`,
      assistance: 'Ассистанс 24/7', assistanceText: (phone) => `Если за границей нужна медицинская помощь, до начала лечения позвоните в наш круглосуточный ассистанс-центр: ${phone}`,
      exclusionsHeading: 'Основные исключения',
      exclusions: [
        'Плановое лечение заболеваний, существовавших до поездки; поездки с целью лечения.',
        'Травмы в состоянии алкогольного или наркотического опьянения, умышленные или при занятиях профессиональным спортом.',
        'Война, терроризм и ядерные риски; плановое лечение без уведомления ассистанс-центра.',
      ],
    },
    bes: {
      contract: 'Сведения о договоре', plan: 'Пенсионный план', participation: 'Накопления инвестируются только в партнёрские (беспроцентные) фонды, одобренные консультативным советом.',
      currency: 'Валюта', frequency: 'Периодичность взносов', frequencies: { monthly: 'Ежемесячно', quarterly: 'Раз в 3 месяца', semiannual: 'Раз в 6 месяцев', annual: 'Ежегодно' },
      contribution: 'Сумма взноса', firstPaid: 'Первый взнос', funds: 'Распределение по фондам', fund: 'Фонд', risk: 'Уровень риска', share: 'Доля',
      stateHeading: 'Государственный взнос',
      state: 'На ваши взносы в пределах установленных законом лимитов начисляется государственный взнос 25%; чтобы получить его полностью, нужно пробыть в системе не менее 10 лет и достичь 56 лет.',
    },
    payment: { heading: 'Оплата', paid: 'Оплаченная сумма', paidAt: 'Дата оплаты', order: 'Номер заказа' },
    yes: 'Да', no: 'Нет',
    withdrawal: {
      heading: 'Отказ и расторжение',
      policy: [
        'Вы можете отказаться от полиса в течение 30 дней после его получения; при отказе до начала действия полиса премия возвращается полностью.',
        'При расторжении после начала действия полиса премия за оставшиеся дни возвращается пропорционально; по полису с выплаченным возмещением возврат не производится.',
      ],
      travel: [
        'По полисам страхования путешественников сроком менее месяца права на отказ нет; при отмене до начала действия премия возвращается полностью.',
        'Если в визе отказано, премия возвращается при обращении с письмом об отказе до даты начала.',
      ],
      contract: [
        'Вы можете отказаться от договора без объяснения причин в течение 60 дней со дня его вступления в силу; взносы возвращаются без удержаний.',
        'При выходе из системы позже накопления выплачиваются с удержаниями по закону; право на государственный взнос зависит от срока в системе.',
      ],
    },
    insurer: { heading: 'Страховщик', company: 'Компания', address: 'Адрес', mersis: 'Номер MERSIS', phone: 'Служба поддержки', kep: 'Адрес KEP' },
    complaints: {
      heading: 'Обращения и жалобы',
      lines: ['Жалобы можно направить в нашу службу поддержки в письменном виде.', 'Если результат вас не устроит, вы можете обратиться в Страховую арбитражную комиссию (Sigorta Tahkim Komisyonu).'],
    },
    illustrative: 'Тарифы, лимиты и сведения о компании в этом демонстрационном приложении приведены для примера.',
  },
}
