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
  purchaseDocument: {
    tr: {
      subject: 'Poliçe / sözleşme özetiniz',
      text: (p: { name: string; number: string; amount: string }) =>
        `Sayın ${p.name},\n\n${p.amount} tutarındaki ödemeniz alındı. ${p.number} numaralı poliçe / sözleşme özetiniz ekteki PDF dosyasındadır.\n\n` +
        'Bizi tercih ettiğiniz için teşekkür ederiz.\n',
    },
    en: {
      subject: 'Your policy / contract summary',
      text: (p: { name: string; number: string; amount: string }) =>
        `Dear ${p.name},\n\nYour payment of ${p.amount} has been received. The summary of your policy / contract ${p.number} is in the attached PDF file.\n\n` +
        'Thank you for choosing us.\n',
    },
    ru: {
      subject: 'Сводка вашего полиса / договора',
      text: (p: { name: string; number: string; amount: string }) =>
        `Уважаемый(ая) ${p.name},\n\nВаш платёж на сумму ${p.amount} получен. Сводка полиса / договора ${p.number} во вложенном PDF-файле.\n\n` +
        'Благодарим, что выбрали нас.\n',
    },
  },
} as const satisfies Record<string, Record<ServerLocale, { subject: string; text: (p: never) => string }>>
