/**
 * A TSS applicant and her answered health declaration, as the sales routes' tests save them
 * (the consent page, the pre-information form).
 */
export const TSS_PERSON = {
  firstname: 'Ayşe', lastname: 'Çağlar-Öztürk', nationalId: '10000000146', nationality: 'TR', birthdate: '1990-05-17',
  email: 'ayse.caglar@example.com', userphone: '05321234567',
}
export const TSS_ANSWERED = [{ id: 'chronic', answer: false }, { id: 'surgery', answer: false }, { id: 'medication', answer: false }]
export const TSS_DATA = {
  quickProfile: { gender: 'female', citycode: '34', birthdate: '1990-05-17' }, outpatientVisits: 10, personalProfile: TSS_PERSON,
  healthPolicy: { questions: TSS_ANSWERED, isotherpolicy: false, birthCollateral: false, healthdeclarationconcent: true },
}

/** An issued TSS purchase's applicant and answers (birth cover taken), as the purchase and document tests record them. */
export const ISSUED_PERSON = {
  firstname: 'Ayşe', lastname: 'Çağlar', nationalId: '10000000146', nationality: 'TR', birthdate: '1990-05-17',
  email: 'ayse.caglar@example.com', userphone: '05321234567',
}
export const ISSUED_TSS_DATA = {
  quickProfile: { gender: 'female', citycode: '34', birthdate: '1990-05-17' },
  outpatientVisits: 10,
  personalProfile: ISSUED_PERSON,
  healthPolicy: { questions: TSS_ANSWERED, isotherpolicy: false, birthCollateral: true, healthdeclarationconcent: true },
}
