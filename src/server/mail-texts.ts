import type { ServerLocale } from './i18n.ts'

/** The mails the server sends, in tr, en and ru (a test proves all three exist). */
export const MAILS = {
  accountLocked: {
    tr: {
      subject: 'Hesabınız kilitlendi',
      text: (p: { name: string; attempts: number }) =>
        `Sayın ${p.name},\n\nHesabınıza art arda ${p.attempts} hatalı giriş denemesi yapıldığı için hesabınız kilitlendi.\n` +
        'Şifremi unuttum bağlantısıyla yeni bir geçici şifre alabilir ya da yöneticinizden hesabınızı yeniden etkinleştirmesini isteyebilirsiniz.\n\n' +
        'Bu denemeleri siz yapmadıysanız lütfen yöneticinize bildirin.\n',
    },
    en: {
      subject: 'Your account has been locked',
      text: (p: { name: string; attempts: number }) =>
        `Dear ${p.name},\n\nYour account was locked after ${p.attempts} failed sign-in attempts in a row.\n` +
        'Use the forgot-password link to get a temporary password, or ask your administrator to re-activate your account.\n\n' +
        'If you did not make these attempts, please tell your administrator.\n',
    },
    ru: {
      subject: 'Ваша учётная запись заблокирована',
      text: (p: { name: string; attempts: number }) =>
        `Уважаемый(ая) ${p.name},\n\nВаша учётная запись заблокирована после ${p.attempts} неудачных попыток входа подряд.\n` +
        'Воспользуйтесь ссылкой «Забыли пароль», чтобы получить временный пароль, или попросите администратора снова активировать учётную запись.\n\n' +
        'Если эти попытки делали не вы, сообщите администратору.\n',
    },
  },
  welcome: {
    tr: {
      subject: 'Katılım Emeklilik yönetim hesabınız açıldı',
      text: (p: { name: string; username: string; password: string }) =>
        `Sayın ${p.name},\n\nSizin için bir yönetim hesabı açıldı.\nKullanıcı adınız: ${p.username}\nGeçici şifreniz: ${p.password}\n\n` +
        'İlk girişinizde yeni bir şifre belirlemeniz istenecektir.\n',
    },
    en: {
      subject: 'Your Katılım Emeklilik administration account',
      text: (p: { name: string; username: string; password: string }) =>
        `Dear ${p.name},\n\nAn administration account has been opened for you.\nUsername: ${p.username}\nTemporary password: ${p.password}\n\n` +
        'You will be asked to choose a new password when you first sign in.\n',
    },
    ru: {
      subject: 'Ваша учётная запись администрирования Katılım Emeklilik',
      text: (p: { name: string; username: string; password: string }) =>
        `Уважаемый(ая) ${p.name},\n\nДля вас создана учётная запись администрирования.\nИмя пользователя: ${p.username}\nВременный пароль: ${p.password}\n\n` +
        'При первом входе вам будет предложено задать новый пароль.\n',
    },
  },
  accountReactivated: {
    tr: {
      subject: 'Hesabınız yeniden etkinleştirildi',
      text: (p: { name: string; by: string }) =>
        `Sayın ${p.name},\n\nKilitlenen hesabınız ${p.by} tarafından yeniden etkinleştirildi. Mevcut şifrenizle giriş yapabilirsiniz.\n\n` +
        'Bu işlemden haberiniz yoksa lütfen yöneticinize bildirin.\n',
    },
    en: {
      subject: 'Your account has been re-activated',
      text: (p: { name: string; by: string }) =>
        `Dear ${p.name},\n\nYour locked account was re-activated by ${p.by}. You can sign in with your current password.\n\n` +
        'If you did not expect this, please tell your administrator.\n',
    },
    ru: {
      subject: 'Ваша учётная запись снова активна',
      text: (p: { name: string; by: string }) =>
        `Уважаемый(ая) ${p.name},\n\nВашу заблокированную учётную запись снова активировал(а) ${p.by}. Вы можете войти с текущим паролем.\n\n` +
        'Если вы не ожидали этого, сообщите администратору.\n',
    },
  },
  temporaryPassword: {
    tr: {
      subject: 'Geçici şifreniz',
      text: (p: { name: string; password: string; minutes: number }) =>
        `Sayın ${p.name},\n\nGeçici şifreniz: ${p.password}\n\nBu şifre ${p.minutes} dakika geçerlidir ve yalnızca bir kez kullanılabilir. ` +
        'Giriş yaptığınızda yeni bir şifre belirlemeniz istenecektir. Mevcut şifreniz, geçici şifre kullanılana kadar geçerliliğini korur.\n\n' +
        'Bu talebi siz yapmadıysanız bu e-postayı dikkate almayınız.\n',
    },
    en: {
      subject: 'Your temporary password',
      text: (p: { name: string; password: string; minutes: number }) =>
        `Dear ${p.name},\n\nYour temporary password: ${p.password}\n\nIt is valid for ${p.minutes} minutes and can be used once. ` +
        'When you sign in with it you will be asked to choose a new password. Your current password keeps working until the temporary one is used.\n\n' +
        'If you did not ask for this, ignore this e-mail.\n',
    },
    ru: {
      subject: 'Ваш временный пароль',
      text: (p: { name: string; password: string; minutes: number }) =>
        `Уважаемый(ая) ${p.name},\n\nВаш временный пароль: ${p.password}\n\nОн действует ${p.minutes} минут и может быть использован один раз. ` +
        'После входа вам будет предложено задать новый пароль. Текущий пароль действует, пока не использован временный.\n\n' +
        'Если вы не запрашивали пароль, просто проигнорируйте это письмо.\n',
    },
  },
  passwordCompromised: {
    tr: {
      subject: 'Şifrenizi yenilemeniz gerekiyor',
      text: (p: { name: string }) =>
        `Sayın ${p.name},\n\nGüvenliğiniz için şifreniz geçersiz kılındı. Şifremi unuttum bağlantısıyla yeni bir geçici şifre alarak şifrenizi yenileyiniz.\n`,
    },
    en: {
      subject: 'You need to renew your password',
      text: (p: { name: string }) =>
        `Dear ${p.name},\n\nFor your security your password has been invalidated. Use the forgot-password link to get a temporary password and choose a new one.\n`,
    },
    ru: {
      subject: 'Необходимо сменить пароль',
      text: (p: { name: string }) =>
        `Уважаемый(ая) ${p.name},\n\nВ целях безопасности ваш пароль был аннулирован. Воспользуйтесь ссылкой «Забыли пароль», чтобы получить временный пароль и задать новый.\n`,
    },
  },
  passwordChanged: {
    tr: {
      subject: 'Şifreniz değiştirildi',
      text: (p: { name: string }) =>
        `Sayın ${p.name},\n\nKatılım Emeklilik yönetim hesabınızın şifresi değiştirildi. Diğer oturumlarınız kapatıldı.\n\n` +
        'Bu değişikliği siz yapmadıysanız Şifremi unuttum bağlantısıyla hemen yeni bir şifre alın ve yöneticinize bildirin.\n',
    },
    en: {
      subject: 'Your password has been changed',
      text: (p: { name: string }) =>
        `Dear ${p.name},\n\nThe password of your Katılım Emeklilik administration account has been changed. Your other sessions have been ended.\n\n` +
        'If you did not make this change, get a new password with the forgot-password link at once and tell your administrator.\n',
    },
    ru: {
      subject: 'Ваш пароль изменён',
      text: (p: { name: string }) =>
        `Уважаемый(ая) ${p.name},\n\nПароль вашей учётной записи администрирования Katılım Emeklilik изменён. Другие ваши сеансы завершены.\n\n` +
        'Если это сделали не вы, немедленно получите новый пароль по ссылке «Забыли пароль» и сообщите администратору.\n',
    },
  },
  securityChange: {
    tr: {
      subject: 'Güvenlik ayarı değiştirildi',
      text: (p: { name: string; by: string; what: string; at: string; detail: string }) =>
        `Sayın ${p.name},\n\n${p.by}, ${p.at} tarihinde şunu değiştirdi: ${p.what}.\n${p.detail}\n\n` +
        'Değişiklik, yapan kişinin şifresi yeniden doğrulanarak kaydedildi. Bu değişikliği beklemiyorsanız hemen denetim kaydını inceleyin ve ayarı geri alın.\n',
    },
    en: {
      subject: 'A security setting was changed',
      text: (p: { name: string; by: string; what: string; at: string; detail: string }) =>
        `Dear ${p.name},\n\n${p.by} changed the following on ${p.at}: ${p.what}.\n${p.detail}\n\n` +
        'The change was saved after its author confirmed their password again. If you did not expect it, check the audit log at once and undo the setting.\n',
    },
    ru: {
      subject: 'Изменена настройка безопасности',
      text: (p: { name: string; by: string; what: string; at: string; detail: string }) =>
        `Уважаемый(ая) ${p.name},\n\n${p.by} ${p.at} изменил(а): ${p.what}.\n${p.detail}\n\n` +
        'Изменение сохранено после повторного подтверждения пароля автором. Если вы его не ожидали, сразу проверьте журнал аудита и верните настройку.\n',
    },
  },
  emailChangeRequested: {
    tr: {
      subject: 'E-posta adresinizi değiştirme isteği',
      text: (p: { name: string; by: string; newEmail: string; cancelUrl: string; hours: number }) =>
        `Sayın ${p.name},\n\n${p.by}, Katılım Emeklilik yönetim hesabınızın e-posta adresini ${p.newEmail} olarak değiştirmek istedi.\n` +
        `Değişiklik, yeni adrese gönderilen bağlantı ${p.hours} saat içinde onaylanırsa geçerli olur; o zamana kadar bu adres geçerliliğini korur.\n\n` +
        `Bu isteği siz yapmadıysanız ya da beklemiyorsanız değişikliği şu bağlantıyla iptal edin ve yöneticinize bildirin:\n${p.cancelUrl}\n`,
    },
    en: {
      subject: 'Request to change your e-mail address',
      text: (p: { name: string; by: string; newEmail: string; cancelUrl: string; hours: number }) =>
        `Dear ${p.name},\n\n${p.by} asked to change the e-mail address of your Katılım Emeklilik administration account to ${p.newEmail}.\n` +
        `The change takes effect only if the link sent to the new address is confirmed within ${p.hours} hours; until then this address stays.\n\n` +
        `If you did not ask for this or do not expect it, cancel it with this link and tell your administrator:\n${p.cancelUrl}\n`,
    },
    ru: {
      subject: 'Запрос на смену адреса электронной почты',
      text: (p: { name: string; by: string; newEmail: string; cancelUrl: string; hours: number }) =>
        `Уважаемый(ая) ${p.name},\n\n${p.by} запросил(а) смену адреса электронной почты вашей учётной записи Katılım Emeklilik на ${p.newEmail}.\n` +
        `Изменение вступит в силу, только если ссылка, отправленная на новый адрес, будет подтверждена в течение ${p.hours} ч.; до тех пор действует этот адрес.\n\n` +
        `Если вы этого не запрашивали или не ожидали, отмените изменение по ссылке и сообщите администратору:\n${p.cancelUrl}\n`,
    },
  },
  emailChangeConfirm: {
    tr: {
      subject: 'Yeni e-posta adresinizi onaylayın',
      text: (p: { name: string; username: string; confirmUrl: string; hours: number }) =>
        `Sayın ${p.name},\n\nKatılım Emeklilik yönetim hesabınızın (${p.username}) e-posta adresi olarak bu adres girildi.\n` +
        `Onaylamak için ${p.hours} saat içinde şu bağlantıyı açın ve sayfadaki düğmeye basın (bağlantı bir kez kullanılabilir):\n${p.confirmUrl}\n\n` +
        'Bu isteği beklemiyorsanız bu e-postayı dikkate almayınız: adres değişmez.\n',
    },
    en: {
      subject: 'Confirm your new e-mail address',
      text: (p: { name: string; username: string; confirmUrl: string; hours: number }) =>
        `Dear ${p.name},\n\nThis address was entered as the e-mail address of your Katılım Emeklilik administration account (${p.username}).\n` +
        `To confirm it, open this link within ${p.hours} hours and press the button on the page (the link works once):\n${p.confirmUrl}\n\n` +
        'If you do not expect this, ignore this e-mail: the address does not change.\n',
    },
    ru: {
      subject: 'Подтвердите новый адрес электронной почты',
      text: (p: { name: string; username: string; confirmUrl: string; hours: number }) =>
        `Уважаемый(ая) ${p.name},\n\nЭтот адрес указан как адрес электронной почты вашей учётной записи Katılım Emeklilik (${p.username}).\n` +
        `Чтобы подтвердить его, откройте ссылку в течение ${p.hours} ч. и нажмите кнопку на странице (ссылка действует один раз):\n${p.confirmUrl}\n\n` +
        'Если вы этого не ожидали, просто проигнорируйте письмо: адрес не изменится.\n',
    },
  },
  /** The pre-information form confirmed before payment (issue 24 item 4): its text in the body and its PDF attached. */
  preInformation: {
    tr: {
      subject: 'Ön bilgilendirme formunuz',
      text: (p: { name: string; title: string; form: string }) =>
        `Sayın ${p.name},\n\nÖdemeden önce okuyup onayladığınız "${p.title}" aşağıdadır; bir örneği ekteki PDF dosyasındadır.\n\n${p.form}\n`,
    },
    en: {
      subject: 'Your pre-information form',
      text: (p: { name: string; title: string; form: string }) =>
        `Dear ${p.name},\n\nBelow is the "${p.title}" you read and confirmed before paying; a copy is in the attached PDF file.\n\n${p.form}\n`,
    },
    ru: {
      subject: 'Ваша форма предварительной информации',
      text: (p: { name: string; title: string; form: string }) =>
        `Уважаемый(ая) ${p.name},\n\nНиже — «${p.title}», которую вы прочитали и подтвердили перед оплатой; её копия во вложенном PDF-файле.\n\n${p.form}\n`,
    },
  },
  purchaseDocument: {
    tr: {
      subject: 'Poliçe / sözleşme özetiniz',
      text: (p: { name: string; number: string; amount: string; link: string | null; days: number; code: string; check: string }) =>
        `Sayın ${p.name},\n\n${p.amount} tutarındaki ödemeniz alındı. ${p.number} numaralı poliçe / sözleşme belgeniz ekteki PDF dosyasındadır.\n` +
        `Belgenin doğrulama kodu ${p.code}; geçerliliği ${p.check} adresinden doğrulanabilir.\n\n` +
        (p.link ? `Poliçe / sözleşme ayrıntılarınızı ${p.days} gün boyunca şu bağlantıdan görebilirsiniz (bağlantıyı kimseyle paylaşmayınız):\n${p.link}\n\n` : '') +
        'Bizi tercih ettiğiniz için teşekkür ederiz.\n',
    },
    en: {
      subject: 'Your policy / contract summary',
      text: (p: { name: string; number: string; amount: string; link: string | null; days: number; code: string; check: string }) =>
        `Dear ${p.name},\n\nYour payment of ${p.amount} has been received. The document of your policy / contract ${p.number} is in the attached PDF file.\n` +
        `Its verification code is ${p.code}; its validity can be checked at ${p.check}.\n\n` +
        (p.link ? `For ${p.days} days you can see the details of your policy / contract at this link (do not share it with anyone):\n${p.link}\n\n` : '') +
        'Thank you for choosing us.\n',
    },
    ru: {
      subject: 'Сводка вашего полиса / договора',
      text: (p: { name: string; number: string; amount: string; link: string | null; days: number; code: string; check: string }) =>
        `Уважаемый(ая) ${p.name},\n\nВаш платёж на сумму ${p.amount} получен. Документ полиса / договора ${p.number} во вложенном PDF-файле.\n` +
        `Код проверки документа ${p.code}; его подлинность можно проверить по адресу ${p.check}.\n\n` +
        (p.link ? `В течение ${p.days} дней данные полиса / договора доступны по этой ссылке (никому её не передавайте):\n${p.link}\n\n` : '') +
        'Благодарим, что выбрали нас.\n',
    },
  },
} as const satisfies Record<string, Record<ServerLocale, { subject: string; text: (p: never) => string }>>

/** What a security notice (MAILS.securityChange) names as changed, and its detail lines. */
export const SECURITY_CHANGES = {
  mailServer: {
    tr: { what: 'posta sunucusu ayarları', detail: (d: { host: string }) => `Sunucu: ${d.host || 'yerleşik posta'}` },
    en: { what: 'the mail server settings', detail: (d: { host: string }) => `Server: ${d.host || 'built-in mail'}` },
    ru: { what: 'настройки почтового сервера', detail: (d: { host: string }) => `Сервер: ${d.host || 'встроенная почта'}` },
  },
  passwordPolicy: {
    tr: { what: 'şifre ve giriş politikası', detail: (d: { summary: string }) => d.summary },
    en: { what: 'the password and sign-in policy', detail: (d: { summary: string }) => d.summary },
    ru: { what: 'политика паролей и входа', detail: (d: { summary: string }) => d.summary },
  },
  rolePermissions: {
    tr: { what: 'bir rolün yetkileri', detail: (d: { role: string; added: string; removed: string }) => `Rol: ${d.role}\nEklenen: ${d.added || '-'}\nKaldırılan: ${d.removed || '-'}` },
    en: { what: 'the permissions of a role', detail: (d: { role: string; added: string; removed: string }) => `Role: ${d.role}\nAdded: ${d.added || '-'}\nRemoved: ${d.removed || '-'}` },
    ru: { what: 'разрешения роли', detail: (d: { role: string; added: string; removed: string }) => `Роль: ${d.role}\nДобавлено: ${d.added || '-'}\nСнято: ${d.removed || '-'}` },
  },
} as const
