/**
 * Generates the downloadable forms of the sales page (spec 2.3 "Formlar") into public/forms/*.pdf.
 * Run: `node scripts/generate-forms.ts`. The PDFs are committed; re-run after changing this list.
 * Turkish letters need an embedded font: DejaVu Sans from @fontsource/dejavu-sans (WOFF, subset).
 * Titles match src/web/components/landing/forms.ts (file names are the link between them).
 */
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { wrap } from '../src/server/services/pdf-text.ts'

type Form = { file: string; title: string; intro: string; fields: string[]; notes?: string[] }

const PERSON = ['Adı Soyadı', 'T.C. Kimlik No', 'Doğum Tarihi', 'Cep Telefonu', 'E-posta']
const CONTRACT = ['Sözleşme / Poliçe No']
const SIGN = ['Tarih', 'İmza']

export const FORMS: Form[] = [
  {
    file: 'emeklilik-talep-formu.pdf', title: 'Emeklilik Talep Formu',
    intro: 'Sistemde en az 10 yıl kalıp 56 yaşını dolduran katılımcılar emeklilik talebini bu formla iletir.',
    fields: [...PERSON, ...CONTRACT, 'Ödeme Şekli (toplu / programlı geri ödeme)', 'IBAN', 'Banka Adı', ...SIGN],
  },
  {
    file: 'ayrilma-talep-formu.pdf', title: 'Sistemden Ayrılma Talep Formu',
    intro: 'Emeklilik hakkı kazanmadan sistemden ayrılmak isteyen katılımcılar içindir.',
    fields: [...PERSON, ...CONTRACT, 'Ayrılma Nedeni', 'IBAN', 'Banka Adı', ...SIGN],
    notes: ['Devlet katkısının hak edilen kısmı sistemde kalış sürenize göre belirlenir.'],
  },
  {
    file: 'aktarim-talep-formu.pdf', title: 'Başka Şirketten Aktarım Talep Formu',
    intro: 'Başka bir emeklilik şirketindeki birikiminizi şirketimize aktarmak için kullanılır.',
    fields: [...PERSON, 'Aktarılacak Şirket', 'Aktarılacak Sözleşme No', 'Yeni Sözleşme No', ...SIGN],
  },
  {
    file: 'katilimci-bilgilendirme-formu.pdf', title: 'Katılımcı Bilgilendirme Formu',
    intro: 'Sözleşme öncesinde katılımcıya plan, fonlar, kesintiler ve haklar hakkında bilgi verilir.',
    fields: [...PERSON, 'Emeklilik Planı', 'Aylık Katkı Payı (TL)', 'Fon Dağılımı', 'Okudum, anladım', ...SIGN],
  },
  {
    file: 'saglik-beyan-formu.pdf', title: 'Sağlık Beyan Formu',
    intro: 'Sağlık sigortası başvurusunda sigortalı adayının sağlık durumunu beyan ettiği formdur.',
    fields: [...PERSON, 'Boy (cm)', 'Kilo (kg)', 'Süregelen Hastalıklar', 'Son 5 Yılda Geçirilen Ameliyatlar', 'Kullanılan İlaçlar', 'Başka Şirkette Poliçe (var / yok)', ...SIGN],
  },
  {
    file: 'katki-payi-degisiklik-formu.pdf', title: 'Katkı Payı Değişiklik Formu',
    intro: 'Katkı payı tutarını, ödeme sıklığını veya ödeme aracını değiştirmek için kullanılır.',
    fields: [...PERSON, ...CONTRACT, 'Mevcut Katkı Payı (TL)', 'Yeni Katkı Payı (TL)', 'Ödeme Sıklığı', 'Ödeme Aracı', ...SIGN],
  },
  {
    file: 'fon-dagilimi-degisiklik-formu.pdf', title: 'Fon Dağılımı Değişiklik Formu',
    intro: 'Birikiminizin ve yeni katkılarınızın katılım fonları arasındaki dağılımını değiştirmek için kullanılır.',
    fields: [...PERSON, ...CONTRACT, 'Fon Adı ve Oranı (%) 1', 'Fon Adı ve Oranı (%) 2', 'Fon Adı ve Oranı (%) 3', 'Değişiklik Kapsamı (birikim / yeni katkılar)', ...SIGN],
  },
  {
    file: 'iletisim-bilgisi-degisiklik-formu.pdf', title: 'İletişim Bilgisi Değişiklik Formu',
    intro: 'Adres, telefon ve e-posta bilgilerinizi güncellemek için kullanılır.',
    fields: [...PERSON, ...CONTRACT, 'Yeni Adres', 'İl / İlçe', 'Yeni Cep Telefonu', 'Yeni E-posta', ...SIGN],
  },
  {
    file: 'lehtar-belirleme-formu.pdf', title: 'Lehtar Belirleme Formu',
    intro: 'Vefat halinde birikimin ödeneceği kişileri (lehtarları) ve paylarını belirlemek için kullanılır.',
    fields: [...PERSON, ...CONTRACT, 'Lehtar 1: Adı Soyadı, T.C. Kimlik No, Pay (%)', 'Lehtar 2: Adı Soyadı, T.C. Kimlik No, Pay (%)', 'Lehtar 3: Adı Soyadı, T.C. Kimlik No, Pay (%)', ...SIGN],
  },
  {
    file: 'vefat-halinde-istenen-belgeler.pdf', title: 'Vefat Halinde İstenen Belgeler',
    intro: 'Katılımcının vefatı halinde birikimin lehtarlara veya yasal mirasçılara ödenmesi için gereken belgeler.',
    fields: ['Başvuran Adı Soyadı', 'Başvuran T.C. Kimlik No', 'Vefat Eden Katılımcı', ...CONTRACT, ...SIGN],
    notes: ['Ölüm belgesi', 'Veraset ilamı veya mirasçılık belgesi', 'Lehtarların kimlik belgesi fotokopileri', 'Lehtarların IBAN bilgileri'],
  },
]

const BRAND = rgb(0.043, 0.365, 0.294)

async function render(form: Form, regular: Uint8Array, bold: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  doc.setTitle(form.title)
  doc.setAuthor('Katılım Emeklilik')
  doc.setLanguage('tr-TR')
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  const font = await doc.embedFont(regular, { subset: true })
  const heading = await doc.embedFont(bold, { subset: true })
  const page: PDFPage = doc.addPage([595.28, 841.89]) // A4
  const left = 56
  const width = page.getWidth() - left * 2
  let y = page.getHeight() - 64
  page.drawText('Katılım Emeklilik ve Hayat A.Ş.', { x: left, y, size: 10, font: heading, color: BRAND })
  y -= 30
  page.drawText(form.title, { x: left, y, size: 18, font: heading, color: rgb(0.1, 0.1, 0.1) })
  y -= 24
  for (const line of wrap(form.intro, font, 10.5, width)) {
    page.drawText(line, { x: left, y, size: 10.5, font })
    y -= 15
  }
  y -= 12
  const form_ = doc.getForm()
  form.fields.forEach((label, i) => {
    page.drawText(label, { x: left, y, size: 10, font: heading })
    y -= 22
    const field = form_.createTextField(`alan${i + 1}`)
    field.addToPage(page, { x: left, y, width, height: 18, borderColor: rgb(0.6, 0.65, 0.63), borderWidth: 0.8 })
    y -= 16
  })
  if (form.notes) {
    y -= 8
    for (const note of form.notes) {
      for (const line of wrap(`• ${note}`, font, 10, width)) {
        page.drawText(line, { x: left, y, size: 10, font })
        y -= 14
      }
    }
  }
  page.drawText('Bu form, katılım esaslı (faizsiz) bireysel emeklilik ve sigorta işlemleri içindir.', { x: left, y: 40, size: 8, font, color: rgb(0.3, 0.35, 0.33) })
  form_.updateFieldAppearances(font)
  return doc.save({ useObjectStreams: true })
}

async function main() {
  const require = createRequire(import.meta.url)
  const files = join(dirname(require.resolve('@fontsource/dejavu-sans/package.json')), 'files')
  const regular = await readFile(join(files, 'dejavu-sans-latin-400-normal.woff'))
  const bold = await readFile(join(files, 'dejavu-sans-latin-700-normal.woff'))
  const out = join(import.meta.dirname, '..', 'public', 'forms')
  await mkdir(out, { recursive: true })
  for (const form of FORMS) {
    const bytes = await render(form, regular, bold)
    await writeFile(join(out, form.file), bytes)
    console.log(`${form.file.padEnd(42)} ${(bytes.length / 1024).toFixed(1)} KiB`)
  }
}

if (import.meta.main) await main()
