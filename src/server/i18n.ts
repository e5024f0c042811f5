import type { HealthQuestionId } from '../domain/purchase.ts'

/**
 * Texts the server itself answers with (error messages, mail). The browser's texts go through
 * Lingui; the server runs without a build step, so its own short texts live in this typed table,
 * and tests/server/i18n.test.ts proves every code exists in tr, en and ru.
 */
export const SERVER_LOCALES = ['tr', 'en', 'ru'] as const
export type ServerLocale = (typeof SERVER_LOCALES)[number]

type Texts = Record<ServerLocale, string>

export const ERROR_MESSAGES = {
  UNEXPECTED: {
    tr: 'Sistemsel hata oluştu, lütfen daha sonra tekrar deneyiniz',
    en: 'A system error occurred, please try again later',
    ru: 'Произошла системная ошибка, пожалуйста, повторите попытку позже',
  },
  NOT_FOUND: {
    tr: 'Teknik Hata(404): Servis Çağrısı Yapılamadı!',
    en: 'Request failed with status code 404',
    ru: 'Техническая ошибка (404): не удалось вызвать сервис!',
  },
  METHOD_NOT_ALLOWED: {
    tr: 'Bu işlem bu adreste desteklenmiyor',
    en: 'This method is not supported at this address',
    ru: 'Этот метод не поддерживается по данному адресу',
  },
  BAD_JSON: {
    tr: 'İstek gövdesi geçerli bir JSON değil',
    en: 'The request body is not valid JSON',
    ru: 'Тело запроса не является корректным JSON',
  },
  BAD_ENVELOPE: {
    tr: 'Şifreli istek çözülemedi',
    en: 'The encrypted request could not be decrypted',
    ru: 'Не удалось расшифровать зашифрованный запрос',
  },
  VALIDATION: {
    tr: 'Gönderilen bilgiler geçerli değil',
    en: 'The data sent is not valid',
    ru: 'Отправленные данные недействительны',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    tr: 'Desteklenmeyen içerik türü',
    en: 'Unsupported content type',
    ru: 'Неподдерживаемый тип содержимого',
  },
  PAYLOAD_TOO_LARGE: {
    tr: 'İstek çok büyük',
    en: 'The request is too large',
    ru: 'Слишком большой запрос',
  },
  BAD_PATH: {
    tr: 'İstenen adres geçerli değil',
    en: 'The requested address is not valid',
    ru: 'Запрошенный адрес недействителен',
  },
  SERVICE_UNAVAILABLE: {
    tr: 'Hizmet geçici olarak kullanılamıyor, lütfen biraz sonra tekrar deneyiniz',
    en: 'The service is temporarily unavailable, please try again shortly',
    ru: 'Сервис временно недоступен, пожалуйста, повторите попытку чуть позже',
  },
  BAD_HEADER: {
    tr: 'İstek başlıklarından biri geçerli değil',
    en: 'One of the request headers is not valid',
    ru: 'Один из заголовков запроса недействителен',
  },
  UNKNOWN_COUNTRY: {
    tr: 'Ülke kodu bulunamadı',
    en: 'Unknown country code',
    ru: 'Неизвестный код страны',
  },
  UNKNOWN_CITY: {
    tr: 'İl kodu bulunamadı',
    en: 'Unknown city code',
    ru: 'Неизвестный код города',
  },
  UNKNOWN_DISTRICT: {
    tr: 'İlçe kodu bulunamadı',
    en: 'Unknown district code',
    ru: 'Неизвестный код района',
  },
  UNAUTHORIZED: {
    tr: 'Oturumunuz bulunamadı, lütfen tekrar giriş yapınız',
    en: 'You are not signed in, please sign in again',
    ru: 'Сеанс не найден, пожалуйста, войдите снова',
  },
  ACCOUNT_LOCKED: {
    tr: 'Hesabınız çok sayıda hatalı giriş nedeniyle kilitlendi. Kilidi açması için yöneticinize başvurun ya da "Şifremi unuttum" ile geçici şifre isteyin.',
    en: 'Your account is locked after too many failed sign-ins. Ask your administrator to unlock it, or request a temporary password with "Forgot password".',
    ru: 'Ваша учётная запись заблокирована после слишком многих неудачных попыток входа. Обратитесь к администратору или запросите временный пароль через «Забыли пароль».',
  },
  ACCOUNT_SUSPENDED: {
    tr: 'Hesabınız askıya alındı. Bilgi almak için yöneticinize başvurun.',
    en: 'Your account is suspended. Please contact your administrator.',
    ru: 'Ваша учётная запись приостановлена. Обратитесь к администратору.',
  },
  USER_NOT_ACTIVE: {
    tr: 'Bu kullanıcı aktif değil; geçici şifre yalnızca aktif kullanıcılara gönderilir.',
    en: 'This user is not active; temporary passwords are sent to active users only.',
    ru: 'Пользователь не активен; временный пароль отправляется только активным пользователям.',
  },
  INVALID_CREDENTIALS: {
    tr: 'Kullanıcı adı veya şifre hatalı',
    en: 'The username or password is incorrect',
    ru: 'Неверное имя пользователя или пароль',
  },
  LOCKED: {
    tr: 'Ekranınız kilitli, devam etmek için şifrenizi giriniz',
    en: 'Your screen is locked, enter your password to continue',
    ru: 'Экран заблокирован, введите пароль, чтобы продолжить',
  },
  PASSWORD_NOT_EXPIRED: {
    tr: 'Şifrenizin süresi dolmadı; şifrenizi oturum açtıktan sonra değiştirebilirsiniz',
    en: 'Your password has not expired; you can change it after signing in',
    ru: 'Срок действия пароля не истёк; сменить его можно после входа',
  },
  LOCK_EXPIRED: {
    tr: 'Kilit süresi doldu, lütfen tekrar giriş yapınız',
    en: 'The lock has expired, please sign in again',
    ru: 'Срок блокировки истёк, пожалуйста, войдите снова',
  },
  SESSION_EXPIRED: {
    tr: 'Oturum süreniz doldu, lütfen tekrar giriş yapınız',
    en: 'Your session has expired, please sign in again',
    ru: 'Срок сеанса истёк, пожалуйста, войдите снова',
  },
  FORBIDDEN: {
    tr: 'Bu işlem için yetkiniz yok',
    en: 'You are not allowed to do this',
    ru: 'У вас нет прав на это действие',
  },
  HEADER_MISMATCH: {
    tr: 'İstek başlıkları oturumunuzla uyuşmuyor; sayfayı yenileyiniz',
    en: 'The request headers do not match your session; please reload the page',
    ru: 'Заголовки запроса не соответствуют вашему сеансу; обновите страницу',
  },
  OUTBOX_ALREADY_SENT: {
    tr: 'Bu e-posta zaten gönderildi',
    en: 'This mail has already been sent',
    ru: 'Это письмо уже отправлено',
  },
  USER_NOT_LOCKED: {
    tr: 'Bu kullanıcının hesabı kilitli değil',
    en: 'This user\'s account is not locked',
    ru: 'Учётная запись этого пользователя не заблокирована',
  },
  // ---- administration: organisation tree and roles ----
  CONFLICT: {
    tr: 'Kayıt siz düzenlerken başka biri tarafından değiştirildi; güncel hâlini yükleyip yeniden deneyiniz',
    en: 'Someone else changed this record while you were editing it; reload it and try again',
    ru: 'Пока вы редактировали запись, её изменил кто-то другой; загрузите актуальную версию и повторите',
  },
  LEVEL_ERROR: {
    tr: 'Hatalı Seviye',
    en: 'Level Error',
    ru: 'Ошибка уровня',
  },
  GROUP_CYCLE: {
    tr: 'Bir grup kendi alt grubunun altına taşınamaz',
    en: 'A group cannot be moved under one of its own subgroups',
    ru: 'Группу нельзя переместить внутрь её собственной подгруппы',
  },
  GROUP_NOT_EMPTY: {
    tr: 'Alt grubu, üyesi veya rolü olan bir grup silinemez',
    en: 'A group with subgroups, members or roles cannot be deleted',
    ru: 'Нельзя удалить группу, в которой есть подгруппы, участники или роли',
  },
  GROUP_EXISTS: {
    tr: 'Bu adda bir grup zaten var',
    en: 'A group with this name already exists',
    ru: 'Группа с таким названием уже существует',
  },
  ROLE_EXISTS: {
    tr: 'Bu adda bir rol zaten var',
    en: 'A role with this name already exists',
    ru: 'Роль с таким названием уже существует',
  },
  ROLE_IN_USE: {
    tr: 'Kullanıcılara atanmış bir rol silinemez',
    en: 'A role assigned to users cannot be deleted',
    ru: 'Нельзя удалить роль, назначенную пользователям',
  },
  SYSTEM_ROLE_FIXED: {
    tr: 'SYSTEM sahipli rolün bu alanları değiştirilemez',
    en: 'These fields of a SYSTEM-owned role cannot be changed',
    ru: 'Эти поля роли, принадлежащей SYSTEM, изменить нельзя',
  },
  PERMISSION_LEVEL: {
    tr: 'Seçilen yetkilerden bazıları bu rolün veri gizliliği seviyesinde verilemez',
    en: 'Some of the chosen permissions cannot be given at this role\'s data-privacy level',
    ru: 'Некоторые выбранные права недоступны на уровне конфиденциальности этой роли',
  },
  JOB_TITLE_EXISTS: {
    tr: 'Bu unvan zaten tanımlı',
    en: 'This job title already exists',
    ru: 'Такая должность уже существует',
  },
  UNSUPPORTED_IMAGE: {
    tr: 'Logo PNG, JPEG veya WebP biçiminde bir resim olmalıdır',
    en: 'The logo must be a PNG, JPEG or WebP image',
    ru: 'Логотип должен быть изображением PNG, JPEG или WebP',
  },
  UNSUPPORTED_PHOTO: {
    tr: 'Fotoğraf PNG, JPEG veya WebP biçiminde bir resim olmalıdır',
    en: 'The photo must be a PNG, JPEG or WebP image',
    ru: 'Фотография должна быть изображением PNG, JPEG или WebP',
  },
  USER_EXISTS: {
    tr: 'Bu kullanıcı adı, e-posta adresi veya kimlik numarası başka bir kullanıcıda kayıtlı',
    en: 'This username, e-mail address or national ID belongs to another user',
    ru: 'Это имя пользователя, адрес электронной почты или идентификационный номер уже принадлежит другому пользователю',
  },
  SELF_STATUS: {
    tr: 'Kendi hesabınızın durumunu değiştiremezsiniz',
    en: 'You cannot change the status of your own account',
    ru: 'Нельзя изменить статус собственной учётной записи',
  },
  LAST_SUPERADMIN: {
    tr: 'Şirketin son etkin süper yöneticisi uzaklaştırılamaz veya kaldırılamaz',
    en: 'The company\'s last active superadmin cannot be suspended or removed',
    ru: 'Нельзя отстранить или удалить последнего активного суперадминистратора компании',
  },
  SELF_ROLES: {
    tr: 'Kendi rol atamalarınızı değiştiremezsiniz',
    en: 'You cannot change your own role assignments',
    ru: 'Нельзя изменить собственные назначения ролей',
  },
  LAST_SUPERADMIN_ROLE: {
    tr: 'Şirketin son etkin süper yöneticisinin süper yönetici rolü kaldırılamaz veya süreli yapılamaz',
    en: 'The company\'s last active superadmin cannot lose the superadmin role or have it end',
    ru: 'У последнего активного суперадминистратора компании нельзя отнять роль суперадминистратора или ограничить её срок',
  },
  ROLE_ESCALATION: {
    tr: 'Bu değişiklik yetkilerinizi aşıyor: yalnızca sahip olduğunuz yetkileri verip kaldırabilir, yetkileri sizinkini aşmayan kişileri değiştirebilirsiniz; kendi rolünüzü değiştiremezsiniz',
    en: 'This change goes beyond your own permissions: you can only grant or remove permissions you hold and change people whose permissions do not exceed yours, and you cannot change a role you hold',
    ru: 'Это изменение выходит за пределы ваших разрешений: можно выдавать и снимать только разрешения, которые есть у вас, изменять только тех, чьи разрешения не шире ваших, и нельзя менять роль, которую вы сами занимаете',
  },
  REAUTH_REQUIRED: {
    tr: 'Bu değişiklik için şifrenizi yeniden girmeniz gerekiyor',
    en: 'Enter your password again to make this change',
    ru: 'Для этого изменения введите пароль ещё раз',
  },
  REAUTH_FAILED: {
    tr: 'Şifreniz doğrulanamadı; değişiklik kaydedilmedi',
    en: 'Your password could not be confirmed; the change was not saved',
    ru: 'Пароль не подтверждён; изменение не сохранено',
  },
  EMAIL_CHANGE_INVALID: {
    tr: 'Bu bağlantı geçersiz: süresi dolmuş, daha önce kullanılmış ya da iptal edilmiş',
    en: 'This link is not valid: it has expired, has been used already or was cancelled',
    ru: 'Ссылка недействительна: срок её действия истёк, она уже использована или отменена',
  },
  MAIL_SERVER_UNREACHABLE: {
    tr: 'Posta sunucusuna bağlanılamadı',
    en: 'Could not connect to the mail server',
    ru: 'Не удалось подключиться к почтовому серверу',
  },
  USER_REMOVED: {
    tr: 'Sistemden kaldırılan kullanıcının durumu değiştirilemez',
    en: 'A user removed from the system cannot change status',
    ru: 'Статус пользователя, удалённого из системы, изменить нельзя',
  },
  MISSING_HEADER: {
    tr: 'İstek gerekli başlıkları içermiyor',
    en: 'The request lacks a required header',
    ru: 'В запросе отсутствует обязательный заголовок',
  },
  PASSWORD_EXPIRED: {
    tr: 'Şifrenizin süresi dolmuş, değiştirin lütfen',
    en: 'Your password has expired, change it please',
    ru: 'Срок действия пароля истёк, пожалуйста, смените его',
  },
  PASSWORD_POLICY: {
    tr: 'Yeni şifre, şirketinizin şifre kurallarına uymuyor',
    en: 'The new password does not meet your company\'s password rules',
    ru: 'Новый пароль не соответствует правилам паролей вашей компании',
  },
  PASSWORD_REUSED: {
    tr: 'Yeni şifre, son kullandığınız şifrelerden biri olamaz',
    en: 'The new password cannot be one of your recent passwords',
    ru: 'Новый пароль не может совпадать с одним из недавних паролей',
  },
  WRONG_PASSWORD: {
    tr: 'Mevcut şifreniz hatalı',
    en: 'Your current password is incorrect',
    ru: 'Текущий пароль указан неверно',
  },
  RATE_LIMITED: {
    tr: 'Çok fazla istek gönderildi, lütfen biraz bekleyiniz',
    en: 'Too many requests, please wait a moment',
    ru: 'Слишком много запросов, пожалуйста, подождите',
  },
  // ---- card payments (issue 5) ----
  KVT_GATEWAY_ERR4: {
    tr: 'Kredi kartı doğrulama için Banka Sistemine erişilemiyor !',
    en: 'The bank system cannot be reached to verify the credit card!',
    ru: 'Банковская система недоступна для проверки кредитной карты!',
  },
  CARD_REJECTED: {
    tr: 'Girdiğiniz kredi kartı numarası geçerli değil',
    en: 'The credit card number you entered is not valid',
    ru: 'Введённый номер кредитной карты недействителен',
  },
  ORDER_ID_USED: {
    tr: 'Bu sipariş numarası daha önce kullanılmış',
    en: 'This order id has already been used',
    ru: 'Этот номер заказа уже использован',
  },
  ORDER_NOT_FOUND: {
    tr: 'Ödeme kaydı bulunamadı',
    en: 'The payment record was not found',
    ru: 'Запись о платеже не найдена',
  },
  PAYMENT_HASH_INVALID: {
    tr: 'Bankadan gelen yanıt doğrulanamadı',
    en: 'The bank\'s answer could not be verified',
    ru: 'Не удалось проверить ответ банка',
  },
  PAYMENT_MISMATCH: {
    tr: 'Bankadan gelen yanıt siparişle uyuşmuyor',
    en: 'The bank\'s answer does not match the order',
    ru: 'Ответ банка не соответствует заказу',
  },
  PAYMENT_NOT_PENDING: {
    tr: 'Bu ödeme zaten sonuçlanmış',
    en: 'This payment has already been concluded',
    ru: 'Этот платёж уже завершён',
  },
  TRX_NOT_CONNECTED: {
    tr: 'Bu işlem tipi bağlı değil; yalnızca 3D Provizyon ve 3D Satış denenebilir',
    en: 'This transaction type is not connected; only 3D pre-authorisation and 3D sale can be tried',
    ru: 'Этот тип операции не подключён; можно проверить только 3D-преавторизацию и 3D-продажу',
  },
  SMS_INVALID_PHONE: {
    tr: 'Lütfen 05 ile başlayan geçerli bir cep telefonu numarası giriniz',
    en: 'Please enter a valid Turkish mobile number starting with 05',
    ru: 'Введите действительный турецкий мобильный номер, начинающийся с 05',
  },
  SMS_SEND_FAILED: {
    tr: 'SMS mesajı gönderilirken hata oluştu',
    en: 'Error on sending SMS Message',
    ru: 'Ошибка при отправке SMS-сообщения',
  },
  SMS_RESEND_TOO_SOON: {
    tr: 'Yeni kod istemeden önce biraz bekleyiniz',
    en: 'Please wait a little before asking for a new code',
    ru: 'Пожалуйста, подождите немного, прежде чем запрашивать новый код',
  },
  SMS_LOCKED: {
    tr: 'Bu numara için çok fazla kod istendi; bir süre yeni kod gönderilemeyecek',
    en: 'Too many codes were requested for this number; no new code can be sent for a while',
    ru: 'Для этого номера запрошено слишком много кодов; новый код пока нельзя отправить',
  },
  SMS_CODE_WRONG: {
    tr: 'Hatalı doğrulama kodu girildi !!!',
    en: 'Incorrect random number generated !!!',
    ru: 'Введён неверный код подтверждения !!!',
  },
  SMS_CODE_EXPIRED: {
    tr: 'Doğrulama kodunun süresi doldu; lütfen yeni kod isteyiniz',
    en: 'The verification code has expired; please ask for a new one',
    ru: 'Срок действия кода истёк; запросите новый код',
  },
  SMS_TICKET_INVALID: {
    tr: 'Telefon doğrulamanızın süresi doldu; lütfen numaranızı yeniden doğrulayınız',
    en: 'Your phone verification has expired; please verify your number again',
    ru: 'Срок подтверждения телефона истёк; подтвердите номер ещё раз',
  },
  APPLICATION_NOT_FOUND: {
    tr: 'Bu numaraya ait yarım kalmış bir başvuru bulunamadı',
    en: 'No unfinished application was found for this number',
    ru: 'Незавершённая заявка для этого номера не найдена',
  },
  HEALTH_QUESTIONS_UNANSWERED: {
    tr: 'Sağlık beyanındaki her soruyu Evet veya Hayır seçerek yanıtlamalısınız; yanıtlanmamış soru: {questions}',
    en: 'Please answer every question of the health declaration with Yes or No; not answered: {questions}',
    ru: 'Ответьте «Да» или «Нет» на каждый вопрос декларации о здоровье; без ответа: {questions}',
  },
  HEALTH_QUESTIONS_INVALID: {
    tr: 'Sağlık beyanında tanımlı olmayan ya da birden fazla yanıtlanmış bir soru var',
    en: 'The health declaration has a question that does not exist or is answered more than once',
    ru: 'В декларации о здоровье есть несуществующий вопрос или вопрос с несколькими ответами',
  },
  PRE_INFORMATION_REQUIRED: {
    tr: 'Ödemeye geçmeden önce ön bilgilendirme formunu okuyup onaylamalısınız',
    en: 'Please read and confirm the pre-information form before you pay',
    ru: 'Перед оплатой прочитайте и подтвердите форму предварительной информации',
  },
  PRE_INFORMATION_CHANGED: {
    tr: 'Yanıtlarınız veya fiyat değiştiği için ön bilgilendirme formu yenilendi; lütfen yeni formu okuyup onaylayınız',
    en: 'The pre-information form has been renewed because your answers or the price changed; please read and confirm the new form',
    ru: 'Форма предварительной информации обновлена, так как изменились ваши ответы или цена; прочитайте и подтвердите новую форму',
  },
  CONSENT_NOT_FOUND: {
    tr: 'Bu telefon numarasıyla verilmiş böyle bir izin bulunamadı',
    en: 'No such consent was given with this phone number',
    ru: 'Такое согласие с этим номером телефона не найдено',
  },
  CONSENT_NOT_WITHDRAWABLE: {
    tr: 'Bu metin bir beyan ya da bilgilendirmedir, geri alınamaz; yalnız açık rıza ve ticari ileti izinleri geri alınabilir',
    en: 'This text is a declaration or a notice and cannot be withdrawn; only explicit consents and permissions for commercial messages can',
    ru: 'Этот текст является заявлением или уведомлением и не может быть отозван; отозвать можно только явные согласия и разрешения на коммерческие сообщения',
  },
  CONSENT_ALREADY_WITHDRAWN: {
    tr: 'Bu izni zaten geri aldınız',
    en: 'You have already withdrawn this consent',
    ru: 'Вы уже отозвали это согласие',
  },
  CONSENT_NOT_GIVEN: {
    tr: 'Bu izin verilmemiş; geri alınacak bir şey yok',
    en: 'This consent was not given; there is nothing to withdraw',
    ru: 'Это согласие не было дано; отзывать нечего',
  },
  CONSENT_CHANGED: {
    tr: 'Bu izin siz sayfayı açtıktan sonra değişti; lütfen listeyi yenileyiniz',
    en: 'This consent changed after you opened the page; please reload the list',
    ru: 'Это согласие изменилось после открытия страницы; обновите список',
  },
  PRE_INFORMATION_NOT_FOUND: {
    tr: 'Ön bilgilendirme formu bulunamadı; lütfen formu yeniden açınız',
    en: 'The pre-information form was not found; please open the form again',
    ru: 'Форма предварительной информации не найдена; откройте форму ещё раз',
  },
  CONSENT_REQUIRED: {
    tr: 'Devam etmek için zorunlu onayları vermelisiniz',
    en: 'Please give the required consents to continue',
    ru: 'Чтобы продолжить, дайте обязательные согласия',
  },
  PURCHASE_NOT_FOUND: {
    tr: 'Satın alma kaydı bulunamadı',
    en: 'The purchase was not found',
    ru: 'Покупка не найдена',
  },
  PURCHASE_NOT_ISSUED: {
    tr: 'Poliçe henüz düzenlenmedi: ödeme tamamlanmadı',
    en: 'The policy has not been issued yet: the payment is not complete',
    ru: 'Полис ещё не оформлен: оплата не завершена',
  },
  PURCHASE_ALREADY_PAID: {
    tr: 'Bu satın almanın ödemesi zaten alındı',
    en: 'This purchase has already been paid',
    ru: 'Эта покупка уже оплачена',
  },
  // ---- the sale's money path (issue 21) ----
  PAYMENT_IN_PROGRESS: {
    tr: 'Bu satın alma için bir ödeme zaten sürüyor; sonucu bekleniyor',
    en: 'A payment of this purchase is already in progress; its result is awaited',
    ru: 'Оплата этой покупки уже выполняется; ожидается её результат',
  },
  CARD_DEBIT: {
    tr: 'Banka kartı ile ödeme alınamıyor; lütfen bir kredi kartı kullanın.',
    en: 'Payments cannot be taken by debit card; please use a credit card.',
    ru: 'Оплата дебетовой картой не принимается; пожалуйста, используйте кредитную карту.',
  },
  ORDER_IDS_EXHAUSTED: {
    tr: 'Bu kartla bugün daha fazla ödeme başlatılamıyor; lütfen başka bir kart kullanınız veya yarın tekrar deneyiniz',
    en: 'No more payments can be started with this card today; please use another card or try again tomorrow',
    ru: 'Сегодня с этой карты больше нельзя начать платёж; используйте другую карту или повторите попытку завтра',
  },
  PURCHASE_ACCESS_REQUIRED: {
    tr: 'Poliçe ayrıntıları ve belgesi için telefon numaranızı doğrulayın ya da e-postanızdaki bağlantıyı kullanın',
    en: 'To see the policy details and document, verify your phone number or use the link in your e-mail',
    ru: 'Чтобы увидеть данные полиса и документ, подтвердите номер телефона или воспользуйтесь ссылкой из письма',
  },
  // ---- policy / contract document verification (issue 24 item 5, routes/documents.ts) ----
  DOCUMENT_CODE_INVALID: {
    tr: 'Doğrulama kodu geçerli değil: belgede yazan 12 karakterlik kodu giriniz',
    en: 'The verification code is not valid: enter the 12-character code printed on the document',
    ru: 'Код проверки недействителен: введите 12-значный код, напечатанный на документе',
  },
  DOCUMENT_NOT_FOUND: {
    tr: 'Bu doğrulama koduyla düzenlenmiş bir poliçe ya da sözleşme bulunamadı',
    en: 'No policy or contract has been issued with this verification code',
    ru: 'Полис или договор с таким кодом проверки не найден',
  },
  TSS_AGE_WINDOW: {
    tr: 'Tamamlayıcı Sağlık Sigortası 15 günlükten 69 yaşına kadar olan kişilere yapılabilir; sigortalının doğum tarihi bu aralıkta değil',
    en: 'Complementary Health Insurance covers people from 15 days old up to the age of 69; the insured person\'s birth date is outside this range',
    ru: 'Дополнительное медицинское страхование оформляется для лиц в возрасте от 15 дней до 69 лет; дата рождения застрахованного вне этого диапазона',
  },
  TRAVEL_AGE_WINDOW: {
    tr: 'Seyahat Sağlık Sigortası 15 günlükten 100 yaşına kadar olan kişilere yapılabilir; sigortalının doğum tarihi bu aralıkta değil',
    en: 'Travel Health Insurance covers people from 15 days old up to the age of 100; the insured person\'s birth date is outside this range',
    ru: 'Медицинское страхование путешественников оформляется для лиц в возрасте от 15 дней до 100 лет; дата рождения застрахованного вне этого диапазона',
  },
  BES_AGE_WINDOW: {
    tr: 'Erken BES\'e 100 yaşına kadar katılınabilir (18 yaşından küçükler veli veya vasiyle); katılımcının doğum tarihi bu aralıkta değil',
    en: 'Early BES takes participants up to the age of 100 (under 18 with a custodian); the participant\'s birth date is outside this range',
    ru: 'К раннему BES можно присоединиться до 100 лет (до 18 лет — с законным представителем); дата рождения участника вне этого диапазона',
  },
  BES_ADULT_ONLY: {
    tr: 'Pratik BES\'e 18 yaşını doldurmuş, 100 yaşını geçmemiş kişiler katılabilir; katılımcının doğum tarihi bu aralıkta değil',
    en: 'Practical BES takes participants from 18 up to the age of 100; the participant\'s birth date is outside this range',
    ru: 'К практичному BES могут присоединиться лица от 18 до 100 лет; дата рождения участника вне этого диапазона',
  },
  ALREADY_RESOLVED: {
    tr: 'Bu kayıt zaten çözüldü olarak işaretlenmiş',
    en: 'This record has already been marked as resolved',
    ru: 'Эта запись уже отмечена как решённая',
  },
  SMS_ATTEMPTS_EXHAUSTED: {
    tr: 'Kod çok kez hatalı girildi ve geçersiz oldu; lütfen yeni kod isteyiniz',
    en: 'The code was entered wrongly too many times and no longer works; please ask for a new one',
    ru: 'Код был введён неверно слишком много раз и больше не действует; запросите новый код',
  },
} as const satisfies Record<string, Texts>

/** The users list as CSV (issue 28 item 10): readable column names and values, per language. */
export const USER_EXPORT_TEXTS = {
  tr: {
    columns: ['Kullanıcı adı', 'Ad', 'Soyad', 'E-posta', 'Durum', 'Kilitli', 'Grup', 'Roller', 'Oluşturulma'],
    status: { active: 'Etkin', suspended: 'Askıya alındı', removed: 'Kaldırıldı' } as Record<string, string>,
    yes: 'Evet', no: 'Hayır',
  },
  en: {
    columns: ['Username', 'First name', 'Last name', 'E-mail', 'Status', 'Locked', 'Group', 'Roles', 'Created'],
    status: { active: 'Active', suspended: 'Suspended', removed: 'Removed' } as Record<string, string>,
    yes: 'Yes', no: 'No',
  },
  ru: {
    columns: ['Имя пользователя', 'Имя', 'Фамилия', 'Эл. почта', 'Статус', 'Заблокирован', 'Группа', 'Роли', 'Создан'],
    status: { active: 'Активен', suspended: 'Приостановлен', removed: 'Удалён' } as Record<string, string>,
    yes: 'Да', no: 'Нет',
  },
} as const satisfies Record<ServerLocale, unknown>

/** The consent records' CSV (issue 25 item 8): column names and statuses in the reader's language. */
export const CONSENT_EXPORT_TEXTS = {
  tr: {
    columns: ['Zaman', 'Başvuru', 'Kişi (maskeli)', 'Belge', 'Belge kimliği', 'Sürüm', 'Metnin SHA-256 özeti', 'Dil', 'Durum', 'Kapsam', 'Kanal', 'Adım', 'IP (maskeli)'],
    status: { READ: 'Okundu', ACCEPTED: 'Onaylandı', REJECTED: 'Reddedildi', WITHDRAWN: 'Geri alındı' } as Record<string, string>,
  },
  en: {
    columns: ['Time', 'Application', 'Person (masked)', 'Document', 'Document ID', 'Version', 'SHA-256 of the text', 'Language', 'Status', 'Scope', 'Channel', 'Step', 'IP (masked)'],
    status: { READ: 'Read', ACCEPTED: 'Accepted', REJECTED: 'Rejected', WITHDRAWN: 'Withdrawn' } as Record<string, string>,
  },
  ru: {
    columns: ['Время', 'Заявка', 'Лицо (маскировано)', 'Документ', 'ID документа', 'Версия', 'SHA-256 текста', 'Язык', 'Статус', 'Область', 'Канал', 'Шаг', 'IP (маскирован)'],
    status: { READ: 'Прочитано', ACCEPTED: 'Принято', REJECTED: 'Отклонено', WITHDRAWN: 'Отозвано' } as Record<string, string>,
  },
} as const satisfies Record<ServerLocale, unknown>

export type ErrorCode = keyof typeof ERROR_MESSAGES

export function isServerLocale(value: string | null | undefined): value is ServerLocale {
  return !!value && (SERVER_LOCALES as readonly string[]).includes(value)
}

/** The spec's `locale` header first, then Accept-Language, then Turkish. */
export function resolveLocale(localeHeader: string | undefined, acceptLanguage: string | undefined): ServerLocale {
  const fromHeader = localeHeader?.trim().slice(0, 2).toLowerCase()
  if (isServerLocale(fromHeader)) return fromHeader
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase()
    if (isServerLocale(tag)) return tag
  }
  return 'tr'
}

/** The code's message in the language; `{name}` placeholders take the given values. */
export function errorMessage(code: ErrorCode, locale: ServerLocale, params?: Record<string, string>): string {
  const text: string = ERROR_MESSAGES[code][locale]
  return params ? text.replace(/\{(\w+)\}/g, (all, name: string) => params[name] ?? all) : text
}

/**
 * The TSS health declaration's questions as the server names them in its answers (issue 24: a
 * refused save, consent or purchase names the unanswered question); the same words as the
 * health step of the purchase page (src/web/components/sales/PurchaseSteps.tsx).
 */
export const HEALTH_QUESTION_TEXTS: Record<HealthQuestionId, Texts> = {
  chronic: {
    tr: 'Süregelen (kronik) bir hastalığınız var mı?',
    en: 'Do you have an ongoing (chronic) illness?',
    ru: 'Есть ли у вас хроническое заболевание?',
  },
  surgery: {
    tr: 'Son 5 yılda ameliyat oldunuz mu veya ameliyat öneriliyor mu?',
    en: 'Have you had surgery in the last 5 years, or has surgery been recommended?',
    ru: 'Были ли у вас операции за последние 5 лет или рекомендована ли операция?',
  },
  medication: {
    tr: 'Düzenli kullandığınız bir ilaç var mı?',
    en: 'Do you take any medication regularly?',
    ru: 'Принимаете ли вы регулярно какие-либо лекарства?',
  },
}

/** The questions in quotes, in the language: «A»; «B». */
export function healthQuestionList(ids: readonly HealthQuestionId[], locale: ServerLocale): string {
  const [open, close] = locale === 'en' ? ['“', '”'] : ['«', '»']
  return ids.map((id) => `${open}${HEALTH_QUESTION_TEXTS[id][locale]}${close}`).join('; ')
}

/** Picks the name in the request's language, falling back to English, then Turkish. */
export function localized(name: { tr?: string; en?: string; ru?: string }, locale: ServerLocale): string {
  return name[locale] || name.en || name.tr || ''
}
