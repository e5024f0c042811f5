import { useLingui } from '@lingui/react/macro'
import { notificationFlow } from '../../../flows/company-settings.ts'
import { CompanyNav } from '../AreaPageView.tsx'
import { EditorCheckbox, EditorForm, useEditor } from '../EditorForm.tsx'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { NOTIFICATION_PAGE } from '../pages.ts'

function NotificationForm() {
  const { t } = useLingui()
  const can = useCan()
  const editor = useEditor(notificationFlow, 'notification')
  return (
    <EditorForm editor={editor} label={t`Bildirim ayarları`} readOnly={!can('notification:update')}>
      <EditorCheckbox editor={editor} name="internalNotification" label={t`Dahili bildirim`}
        hint={t`Kilitlenen hesaplar, şifre değişiklikleri ve şifre politikası gereği zorunlu değişiklikler Görevler sayfasında gösterilir.`} />
      <EditorCheckbox editor={editor} name="emailNotification" label={t`E-posta bildirimi`}
        hint={t`Hesap kilitlenmesi, şifre değişikliği, hesabın yeniden etkinleştirilmesi ve yeni hesap bilgileri kullanıcıya e-postayla bildirilir. Kullanıcının istediği "Şifremi unuttum" e-postası her zaman gönderilir.`} />
    </EditorForm>
  )
}

/** Company notification flags (issue 12): honoured by the server's mails and the tasks page. */
export function NotificationView() {
  return (
    <StaffPage title={NOTIFICATION_PAGE.title} permission={NOTIFICATION_PAGE.permission}>
      <CompanyNav />
      <NotificationForm />
    </StaffPage>
  )
}
