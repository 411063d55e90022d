import type { Locale } from './messages.ts';

/**
 * The one error catalogue: HTTP status + stable snake_case code + translated message.
 * The server answers `{message, code, errors?}`; the web app may map `code` to its own texts.
 */
export const errorCatalogue = {
  unauthenticated: { status: 401, de: 'Bitte melde dich an.', en: 'Please sign in.' },
  invalid_credentials: {
    status: 401,
    de: 'E-Mail Adresse oder Passwort sind nicht korrekt.',
    en: 'E-mail address or password is not correct.',
  },
  invalid_token: {
    status: 401,
    de: 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.',
    en: 'Your session has expired. Please sign in again.',
  },
  forbidden: { status: 403, de: 'Das darfst du leider nicht.', en: 'You are not allowed to do this.' },
  chat_closed: {
    status: 403,
    de: 'Ihr könnt euch nur schreiben, solange ihr Trostpartner seid.',
    en: 'You can only write to each other while you are support partners.',
  },
  not_verified: {
    status: 403,
    de: 'Bitte bestätige zuerst deine E-Mail Adresse.',
    en: 'Please verify your e-mail address first.',
  },
  onboarding_required: {
    status: 403,
    de: 'Bitte beantworte zuerst die Fragen zu deiner Situation.',
    en: 'Please answer the questions about your situation first.',
  },
  invalid_link: {
    status: 403,
    de: 'Dieser Link ist ungültig oder abgelaufen.',
    en: 'This link is invalid or has expired.',
  },
  link_expired: {
    status: 410,
    de: 'Dieser Link ist abgelaufen. Wenn du Hilfe brauchst, schreib unserem Kundenservice.',
    en: 'This link has expired. If you need help, write to our customer service.',
  },
  deletion_pending: {
    status: 403,
    de: 'Du hast dieses Konto zum Löschen vorgemerkt. In der E-Mail, die wir dir dazu geschickt haben, findest du einen Link, mit dem du es behalten kannst.',
    en: 'You asked for this account to be deleted. The e-mail we sent you about it has a link to keep it.',
  },
  deletion_final: {
    status: 410,
    de: 'Die 30 Tage sind vorbei: Dieses Konto wurde gelöscht und lässt sich nicht mehr wiederherstellen.',
    en: 'The 30 days are over: this account has been deleted and can no longer be restored.',
  },
  group_membership_required: {
    status: 403,
    de: 'Tritt der Gruppe bei, um ihre Beiträge zu lesen und zu schreiben.',
    en: 'Join the group to read and write its posts.',
  },
  not_found: { status: 404, de: 'Nicht gefunden.', en: 'Not found.' },
  conflict: { status: 409, de: 'Das ist gerade nicht möglich.', en: 'This is not possible right now.' },
  friendship_state: {
    status: 409,
    de: 'Das passt nicht mehr zum aktuellen Stand eurer Verbindung. Die Liste wurde aktualisiert.',
    en: 'This no longer fits the current state of your connection. The list has been updated.',
  },
  member_unavailable: {
    status: 409,
    de: 'Diese Person nimmt gerade keine neuen Kontakte an.',
    en: 'This person is not accepting new contacts right now.',
  },
  group_not_joined: {
    status: 409,
    de: 'Du bist dieser Gruppe nicht beigetreten.',
    en: 'You have not joined this group.',
  },
  edit_window_closed: {
    status: 409,
    de: 'Beiträge und Kommentare lassen sich nur 24 Stunden lang bearbeiten. Löschen kannst du sie jederzeit.',
    en: 'Posts and comments can only be edited for 24 hours. You can delete them at any time.',
  },
  message_edit_window_closed: {
    status: 409,
    de: 'Nachrichten lassen sich nur 15 Minuten lang bearbeiten. Löschen kannst du sie jederzeit.',
    en: 'Messages can only be edited for 15 minutes. You can delete them at any time.',
  },
  open_requests_limit: {
    status: 409,
    de: 'Du hast gerade drei Anfragen offen – mehr gleichzeitig geht ohne Premium nicht. Sobald jemand antwortet oder du eine Anfrage zurückziehst, kannst du wieder jemanden anfragen. Mit Premium kannst du bis zu zehn Anfragen gleichzeitig offen haben. Schreiben mit deinen Trostpartnern, Gruppen und Hilfe in der Krise bleiben immer kostenlos.',
    en: 'You have three requests open right now – more at the same time needs premium. As soon as someone answers or you withdraw a request, you can ask someone again. With premium you can have up to ten requests open at once. Chatting with your partners, groups and help in a crisis always stay free.',
  },
  invalid_signature: {
    status: 400,
    de: 'Die Signatur ist ungültig.',
    en: 'The signature is invalid.',
  },
  plan_unavailable: {
    status: 404,
    de: 'Diesen Tarif gibt es nicht oder er ist gerade nicht buchbar.',
    en: 'This plan does not exist or cannot be booked right now.',
  },
  already_premium: {
    status: 409,
    de: 'Du hast schon Premium. Deinen Vertrag findest du in den Einstellungen.',
    en: 'You already have premium. You find your contract in the settings.',
  },
  payment_provider_unavailable: {
    status: 503,
    de: 'Die Zahlung ist gerade nicht erreichbar. Bitte versuche es in ein paar Minuten noch einmal.',
    en: 'Payment is not reachable right now. Please try again in a few minutes.',
  },
  // The team's console (issue 16).
  totp_invalid: {
    status: 401,
    de: 'Der Code stimmt nicht. Nimm den aktuellen Code aus deiner Authenticator-App.',
    en: 'The code is not correct. Use the current code from your authenticator app.',
  },
  totp_replayed: {
    status: 401,
    de: 'Dieser Code wurde schon benutzt. Warte auf den nächsten Code.',
    en: 'This code has already been used. Wait for the next code.',
  },
  staff_challenge_invalid: {
    status: 401,
    de: 'Die Anmeldung ist abgelaufen. Bitte melde dich erneut an.',
    en: 'The sign-in has expired. Please sign in again.',
  },
  reauth_required: {
    status: 403,
    de: 'Bitte bestätige diese Aktion mit deinem richtigen Passwort.',
    en: 'Please confirm this action with your correct password.',
  },
  account_suspended: {
    status: 403,
    de: 'Dein Konto ist vorübergehend gesperrt. Die Begründung und wie du widersprechen kannst, haben wir dir per E-Mail geschickt.',
    en: 'Your account is suspended for now. We sent you the reasons and how to contest them by e-mail.',
  },
  staff_rank: {
    status: 403,
    de: 'Das darf nur jemand aus dem Team mit einer höheren Rolle. Bei dir selbst entscheidet immer eine andere Person.',
    en: 'Only someone on the team with a higher role may do this. About yourself, someone else always decides.',
  },
  last_super_admin: {
    status: 409,
    de: 'Dies ist das letzte Konto mit allen Rechten. Ernenne zuerst eine weitere Person zur Super-Admin, damit die Verwaltung nicht verwaist.',
    en: 'This is the last account with every right. First make someone else a super admin, so that the administration is not left without one.',
  },
  report_taken: {
    status: 409,
    de: 'Diese Meldung bearbeitet schon jemand anderes.',
    en: 'Someone else is already handling this report.',
  },
  report_about_self: {
    status: 403,
    de: 'Eine Meldung über dich selbst oder über deine eigenen Worte übernimmt und entscheidet eine andere Person aus dem Team.',
    en: 'A report about you or about your own words is taken and decided by someone else on the team.',
  },
  appeal_same_moderator: {
    status: 403,
    de: 'Über einen Widerspruch entscheidet eine andere Person als die, die die erste Entscheidung getroffen hat.',
    en: 'An appeal is decided by someone other than the person who made the first decision.',
  },
  appeal_exists: {
    status: 409,
    de: 'Gegen diese Entscheidung hast du schon Widerspruch eingelegt.',
    en: 'You have already appealed this decision.',
  },
  appeal_window_closed: {
    status: 403,
    de: 'Die Frist für einen Widerspruch (sechs Monate) ist vorbei.',
    en: 'The time to appeal (six months) is over.',
  },
  not_appealable: {
    status: 409,
    de: 'Gegen diese Entscheidung ist kein Widerspruch möglich.',
    en: 'This decision cannot be appealed.',
  },
  payload_too_large: { status: 413, de: 'Die Anfrage ist zu groß.', en: 'The request is too large.' },
  unsupported_media_type: {
    status: 415,
    de: 'Dieses Format wird nicht unterstützt.',
    en: 'This format is not supported.',
  },
  validation_failed: {
    status: 422,
    de: 'Bitte überprüfe deine Angaben.',
    en: 'Please check your input.',
  },
  rate_limited: {
    status: 429,
    de: 'Zu viele Versuche. Bitte warte einen Moment.',
    en: 'Too many attempts. Please wait a moment.',
  },
  bad_request: { status: 400, de: 'Die Anfrage ist fehlerhaft.', en: 'The request is malformed.' },
  internal: {
    status: 500,
    de: 'Etwas ist schiefgelaufen. Bitte versuche es später noch einmal.',
    en: 'Something went wrong. Please try again later.',
  },
  unavailable: {
    status: 503,
    de: 'Der Dienst ist gerade nicht erreichbar.',
    en: 'The service is unavailable right now.',
  },
} as const satisfies Record<string, { status: number } & Record<Locale, string>>;

export type ErrorCode = keyof typeof errorCatalogue;

export interface ErrorBody {
  message: string;
  code: ErrorCode;
  errors?: Record<string, string[]>;
  /** account_suspended: when the suspension ends. */
  until?: string;
}
