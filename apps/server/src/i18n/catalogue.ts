import type { Locale } from '@trostnetz/contracts/messages';

/**
 * Every text the server sends besides errors and validation messages (those are in
 * packages/contracts, shared with the web app): polite answers, the generic "why you match" lines,
 * mail subjects and bodies. German first; English has exactly the same keys and `{{placeholders}}`
 * (catalogue.test.ts). A new text is one key in both languages.
 */
const de = {
  'friendship.accepted': 'Ihr seid jetzt Trostpartner.',
  'friendship.denied': 'Die Anfrage wurde abgelehnt.',
  'friendship.retracted': 'Deine Anfrage wurde zurückgezogen.',
  'friendship.removed': 'Die Verbindung wurde beendet.',

  'auth.reset_link_sent':
    'Wenn diese E-Mail Adresse bei uns registriert ist, haben wir dir einen Link zum Zurücksetzen geschickt.',
  'auth.password_changed': 'Dein Passwort wurde geändert. Du kannst dich jetzt anmelden.',
  'auth.verification_resent': 'Wir haben dir eine neue Bestätigungs-E-Mail geschickt.',

  // Health data (DSGVO Art. 9): the one line shown instead of any exact shared answer, unless both partners show it.
  'match.in_common_question': 'Was euch verbinden kann',
  'match.in_common': 'Ihr habt vielleicht etwas gemeinsam',

  'mail.greeting': 'Hallo {{nickname}},',
  'mail.footer.registered': 'Du bekommst diese E-Mail, weil du bei uns registriert bist.',

  'mail.verify.subject': '{{app}}: Bitte bestätige deine E-Mail Adresse',
  'mail.verify.welcome':
    'schön, dass du zu {{app}} gefunden hast. Bitte bestätige deine E-Mail Adresse, damit wir dich mit passenden Trostpartnern zusammenbringen können.',
  'mail.verify.valid': 'Der Link ist 24 Stunden gültig.',
  'mail.verify.action': 'E-Mail Adresse bestätigen',
  'mail.verify.footer': 'Du hast dich nicht registriert? Dann kannst du diese E-Mail einfach ignorieren.',

  'mail.address_in_use.subject': '{{app}}: Jemand wollte sich mit deiner E-Mail Adresse registrieren',
  'mail.address_in_use.attempt':
    'gerade hat jemand versucht, mit deiner E-Mail Adresse ein neues Konto bei {{app}} anzulegen. Du hast hier schon ein Konto.',
  'mail.address_in_use.was_it_you':
    'Warst du das? Dann melde dich an oder setze dein Passwort zurück: {{link}}',
  'mail.address_in_use.action': 'Anmelden',
  'mail.address_in_use.footer':
    'Warst du es nicht? Dann kannst du diese E-Mail ignorieren. Dein Konto bleibt, wie es ist.',

  'mail.reset.subject': '{{app}}: Passwort zurücksetzen',
  'mail.reset.asked':
    'du hast ein neues Passwort angefordert. Über den folgenden Link kannst du es festlegen. Der Link ist 60 Minuten gültig.',
  'mail.reset.action': 'Neues Passwort festlegen',
  'mail.reset.footer':
    'Du hast das nicht angefordert? Dann bleibt dein Passwort unverändert und du kannst diese E-Mail ignorieren.',
  'settings.password_changed':
    'Dein Passwort wurde geändert. Auf allen anderen Geräten bist du jetzt abgemeldet.',
  'settings.email_change_sent':
    'Wir haben einen Bestätigungslink an die neue Adresse geschickt. Erst wenn du ihn öffnest, gilt die neue Adresse.',
  'settings.email_changed': 'Deine neue E-Mail Adresse ist bestätigt.',
  'settings.email_change_undone':
    'Die Änderung deiner E-Mail Adresse ist rückgängig gemacht. Zur Sicherheit wurdest du überall abgemeldet.',
  'settings.nickname_changed': 'Dein Spitzname wurde geändert.',

  'mail.footer.security':
    'Wir schicken dir diese E-Mail zu deiner Sicherheit, wenn sich an deinem Konto etwas Wichtiges ändert.',

  'mail.password_changed.subject': '{{app}}: Dein Passwort wurde geändert',
  'mail.password_changed.done':
    'das Passwort deines Kontos wurde gerade geändert. Auf allen anderen Geräten wurdest du abgemeldet.',
  'mail.password_changed.not_you': 'Warst du das nicht? Dann setze dein Passwort bitte sofort zurück.',
  'mail.password_changed.action': 'Passwort zurücksetzen',

  'mail.email_confirm.subject': '{{app}}: Bitte bestätige deine neue E-Mail Adresse',
  'mail.email_confirm.asked':
    'du möchtest diese Adresse für dein Konto bei {{app}} nutzen. Bitte bestätige sie, erst dann gilt sie.',
  'mail.email_confirm.valid': 'Der Link ist 24 Stunden gültig.',
  'mail.email_confirm.action': 'Neue Adresse bestätigen',
  'mail.email_confirm.footer':
    'Du hast das nicht angefordert? Dann kannst du diese E-Mail einfach ignorieren.',

  'mail.email_change.subject': '{{app}}: Deine E-Mail Adresse soll geändert werden',
  'mail.email_change.asked':
    'für dein Konto wurde eine neue E-Mail Adresse angegeben: {{name}}. Sie gilt, sobald sie bestätigt ist.',
  'mail.email_change.undo':
    'Warst du das nicht? Dann mach die Änderung mit dem folgenden Link rückgängig. Er ist 7 Tage gültig; danach hilft dir unser Kundenservice.',
  'mail.email_change.action': 'Änderung rückgängig machen',

  'mail.address_claimed.subject': '{{app}}: Jemand wollte deine E-Mail Adresse verwenden',
  'mail.address_claimed.attempt':
    'gerade wollte jemand seinem Konto bei {{app}} deine E-Mail Adresse geben. Du hast hier schon ein Konto, daher haben wir das nicht zugelassen.',

  'mail.new_sign_in.subject': '{{app}}: Neue Anmeldung bei deinem Konto',
  'mail.new_sign_in.when': 'gerade hat sich jemand mit {{name}} bei deinem Konto angemeldet.',
  'mail.new_sign_in.not_you':
    'Warst du das? Dann ist alles in Ordnung. Wenn nicht, beende die Sitzung in deinen Einstellungen und ändere dein Passwort.',
  'mail.new_sign_in.action': 'Sitzungen ansehen',
  'mail.new_sign_in.unknown': 'unbekannt',

  // The console (issue 16): an admin reset a staff member's second factor.
  'mail.second_factor_reset.subject': '{{app}}: Dein zweiter Faktor für die Verwaltung wurde zurückgesetzt',
  'mail.second_factor_reset.done':
    'jemand aus der Leitung des Teams hat deinen zweiten Faktor (die Authenticator-App und die Wiederherstellungscodes) für die Verwaltung zurückgesetzt. Deine Anmeldungen in der Verwaltung sind beendet.',
  'mail.second_factor_reset.next':
    'Bei deiner nächsten Anmeldung richtest du den zweiten Faktor neu ein. Hast du darum nicht gebeten? Dann sag bitte sofort der Leitung des Teams Bescheid.',
  'mail.second_factor_reset.action': 'Zur Anmeldung der Verwaltung',
  // Repeated wrong second-factor codes for the owner's console account, from any address.
  'mail.second_factor_failures.subject': '{{app}}: Mehrere falsche Codes bei deiner Anmeldung zur Verwaltung',
  'mail.second_factor_failures.what':
    'bei der Anmeldung zur Verwaltung mit deinem Konto wurde mehrmals kurz hintereinander ein falscher Code für den zweiten Faktor eingegeben. Weitere Versuche sind jetzt eine Weile verlangsamt.',
  'mail.second_factor_failures.next':
    'Warst du das, ist alles in Ordnung. Wenn nicht, kennt jemand dein Passwort: Ändere es bitte sofort und sag der Leitung des Teams Bescheid.',

  'imprint.address': 'Anschrift',
  'imprint.email': 'E-Mail',
  'imprint.phone': 'Telefon',
  'imprint.representative': 'Vertreten durch',
  'imprint.register': 'Registereintrag',
  'imprint.vat_id': 'Umsatzsteuer-ID',

  'support.topic.question': 'Eine Frage',
  'support.topic.technical': 'Ein technisches Problem',
  'support.topic.premium': 'Premium und Kündigung',
  'support.topic.safety': 'Sorge um die Sicherheit wegen eines Mitglieds',
  'support.topic.privacy': 'Eine Anfrage zum Datenschutz',
  'support.topic.crisis': 'Ich mache mir Sorgen um jemanden / Ich bin in einer Krise',

  'mail.support_received.subject': '{{app}}: Deine Anfrage {{reference}} ist angekommen',
  'mail.support_received.thanks':
    'danke für deine Nachricht an den Kundenservice. Wir haben deine Anfrage zum Thema „{{topic}}“ unter der Nummer {{reference}} erhalten.',
  'mail.support_received.when':
    'Wir antworten in der Regel innerhalb von zwei Werktagen. Der Kundenservice ist kein Notdienst: In einer akuten Krise erreichst du die TelefonSeelsorge rund um die Uhr unter 0800 111 0 111 oder 0800 111 0 222, bei Lebensgefahr den Notruf 112.',
  'mail.support_received.action': 'Zum Kundenservice',
  'mail.support_received.footer':
    'Du bekommst diese E-Mail, weil mit dieser Adresse eine Anfrage an unseren Kundenservice geschickt wurde.',

  'mail.support_team.subject': '{{app}} Kundenservice: neue Anfrage {{reference}} ({{topic}})',
  'mail.support_team.new':
    'eine neue Anfrage ist eingegangen: {{reference}}, Thema „{{topic}}“, von {{name}} <{{link}}>.',
  'mail.support_team.read':
    'Die Nachricht selbst steht nur in der Verwaltung, nicht in dieser E-Mail (sie kann Gesundheitsdaten enthalten).',
  'mail.support_team.action': 'Zur Verwaltung',
  'mail.support_team.footer': 'Diese E-Mail geht an die Adresse des Kundenservice-Teams (SUPPORT_EMAIL).',

  'mail.deletion.subject': '{{app}}: Dein Konto wird in {{days}} Tagen gelöscht',
  'mail.deletion.hidden':
    'du hast uns gebeten, dein Konto zu löschen. Wir haben es sofort verborgen: Niemand sieht es mehr, und du bist auf allen Geräten abgemeldet.',
  'mail.deletion.when':
    'Am {{date}} löschen wir deine Daten endgültig. Bis dahin kannst du es dir in Ruhe anders überlegen: Über den Link unten bleibt alles so, wie es war.',
  'mail.deletion.action': 'Konto behalten',
  'mail.deletion.footer':
    'Möchtest du dein Konto wirklich löschen, musst du nichts weiter tun. Danke, dass du bei uns warst.',

  'mail.export.subject': '{{app}}: Eine Kopie deiner Daten wurde heruntergeladen',
  'mail.export.made': 'am {{date}} wurde eine Kopie deiner Daten bei {{app}} heruntergeladen.',
  'mail.export.not_you':
    'Warst du das nicht? Dann ändere bitte dein Passwort. Dabei wirst du auf allen anderen Geräten abgemeldet.',
  'mail.export.action': 'Zu den Einstellungen',

  'mail.premium_order.subject': '{{app}}: Deine Bestellung von Premium ({{reference}})',
  'mail.premium_order.thanks':
    'danke für deine Bestellung. Hier stehen die wichtigsten Angaben zu deinem Vertrag – bitte bewahre diese E-Mail auf.',
  'mail.premium_order.essentials':
    'Vertrag {{reference}}: {{app}} Premium, {{plan}}, {{amount}} inkl. {{vat}} MwSt., im Voraus zu zahlen. Beginn: {{date}} (auf deinen Wunsch sofort). Der Vertrag verlängert sich jeweils um denselben Zeitraum zum selben Preis, wenn du nicht kündigst. Du kannst jederzeit zum Ende des laufenden Zeitraums kündigen, zum ersten Mal zum {{until}}.',
  'mail.premium_order.includes':
    'Premium gibt dir mehr: zehn statt drei Vorschläge und jederzeit weitere, bis zu zehn offene Anfragen gleichzeitig und ein Unterstützer-Abzeichen, das du zeigen oder verbergen kannst. Schreiben mit deinen Trostpartnern, Gruppen, Hilfe in der Krise, Melden, die verborgene Liste, Löschen und Export bleiben für alle kostenlos.',
  'mail.premium_order.cancel':
    'Kündigen: ohne Anmeldung über „Verträge hier kündigen“ unten auf jeder Seite ({{link}}), oder mit einem Klick in den Einstellungen.',
  'mail.premium_order.withdrawal':
    'Widerrufsbelehrung: Du hast das Recht, diesen Vertrag binnen 14 Tagen ohne Angabe von Gründen zu widerrufen. Die Frist beginnt am Tag des Vertragsschlusses, dem {{date}}. Um zu widerrufen, nutze „Vertrag widerrufen“ unten auf jeder Seite oder schicke uns eine eindeutige Erklärung (zum Beispiel per E-Mail an {{topic}}). Zur Wahrung der Frist reicht es, den Widerruf vor ihrem Ablauf abzusenden.',
  'mail.premium_order.withdrawal_effects':
    'Folgen des Widerrufs: Wir erstatten dir alle Zahlungen, die wir von dir erhalten haben, unverzüglich und spätestens binnen 14 Tagen ab dem Tag, an dem dein Widerruf bei uns eingeht, mit demselben Zahlungsmittel. Weil du verlangt hast, dass Premium sofort beginnt, zahlst du für die Zeit bis zum Widerruf einen anteiligen Betrag. Du hast bestätigt zu wissen, dass dein Widerrufsrecht erlischt, sobald der Vertrag vollständig erfüllt ist.',
  'mail.premium_order.conditions':
    'Es gelten unsere Nutzungsbedingungen: {{conditions}} – die Widerrufsbelehrung mit Muster-Widerrufsformular: {{revocation}}',
  'mail.premium_order.action': 'Deinen Vertrag ansehen',
  'mail.footer.contract': 'Du bekommst diese E-Mail, weil du bei uns einen Vertrag abgeschlossen hast.',

  'mail.receipt.subject': '{{app}}: Quittung {{reference}} über {{amount}}',
  'mail.receipt.paid':
    'wir haben deine Zahlung erhalten. Quittung {{reference}}: {{amount}} inkl. {{vat}} MwSt. (19 %) für {{app}} Premium, {{plan}}, bezahlt am {{date}}. Premium läuft bis {{until}}.',
  'mail.receipt.paid_after_end':
    'wir haben deine Zahlung erhalten. Quittung {{reference}}: {{amount}} inkl. {{vat}} MwSt. (19 %) für {{app}} Premium, {{plan}}, bezahlt am {{date}}. Dein Vertrag ist beendet, diese Zahlung verlängert Premium nicht. Fragen dazu beantworten wir dir unter {{topic}}.',
  'mail.receipt.action': 'Alle Quittungen',

  'mail.cancellation.subject': '{{app}}: Deine Kündigung ist eingegangen',
  'mail.cancellation.received': 'wir haben deine Kündigung ({{topic}}) am {{date}} erhalten.',
  'mail.cancellation.ends':
    'Dein Vertrag {{reference}} endet am {{until}}. Bis dahin bleibt Premium bestehen; danach wird nichts mehr abgebucht.',
  'mail.cancellation.not_found':
    'Zu dieser E-Mail Adresse und Vertragsnummer haben wir keinen laufenden Vertrag gefunden. Wenn du Premium mit einer anderen E-Mail Adresse bestellt hast, antworte uns bitte mit der Vertragsnummer aus deiner Bestellbestätigung.',
  'mail.cancellation.kind.ordinary': 'ordentliche Kündigung',
  'mail.cancellation.kind.extraordinary': 'außerordentliche Kündigung',
  'mail.cancellation.action': 'Zu {{app}}',

  'mail.declaration.confirm':
    'Bitte bestätige sie mit dem Knopf unten: Erst dann wird sie wirksam, und als Zeitpunkt zählt, wann sie bei uns eingegangen ist. Der Link gilt {{days}} Tage. Warst du das nicht, musst du nichts tun: Dein Vertrag bleibt, wie er ist.',
  'mail.declaration.confirm_action': 'Jetzt bestätigen',

  'mail.withdrawal.subject': '{{app}}: Dein Widerruf ist eingegangen',
  'mail.withdrawal.received': 'wir haben deinen Widerruf am {{date}} erhalten.',
  'mail.withdrawal.ends':
    'Dein Vertrag {{reference}} ist damit beendet. Wir erstatten dir {{amount}} spätestens binnen 14 Tagen mit demselben Zahlungsmittel (den Anteil für die Zeit, in der Premium schon lief, behalten wir ein).',
  'mail.withdrawal.late':
    'Die Widerrufsfrist von 14 Tagen war für den Vertrag {{reference}} schon abgelaufen. Wir behandeln deine Erklärung deshalb als Kündigung: Der Vertrag endet am {{until}}, bis dahin bleibt Premium bestehen.',

  'mail.payment_failed.subject': '{{app}}: Deine Zahlung für Premium hat nicht geklappt',
  'mail.payment_failed.failed':
    'die Zahlung für die Verlängerung deines Vertrags {{reference}} ist leider nicht durchgegangen.',
  'mail.payment_failed.grace':
    'Premium bleibt bis {{until}} bestehen, während die Zahlung noch einmal versucht wird. Bitte prüfe dein Zahlungsmittel. Alles, was du in einer schweren Zeit brauchst – Schreiben mit deinen Trostpartnern, Gruppen, Hilfe in der Krise – bleibt in jedem Fall kostenlos.',
  'mail.payment_failed.action': 'Zu deinem Vertrag',

  'payments.declaration_received':
    'Deine Erklärung ist eingegangen. Die Bestätigung mit allen Angaben schicken wir dir per E-Mail.',
  'payments.declaration_to_confirm':
    'Deine Erklärung ist eingegangen. Bitte bestätige sie mit dem Link in der E-Mail, die wir an die angegebene Adresse schicken: Erst dann wird sie wirksam. Als Zeitpunkt zählt der Eingang jetzt.',
  'payments.declaration_confirmed':
    'Danke, deine Erklärung ist bestätigt und wirksam. Die Bestätigung mit allen Angaben schicken wir dir per E-Mail.',
  'payments.plan': '{{months}} Monat(e)',

  'export.title': 'Deine Daten bei {{app}}',
  'export.intro':
    'Diese Seite zeigt alles, was {{app}} über dich gespeichert hat (Stand: {{date}}). Die Datei data.json im selben Archiv enthält dieselben Daten maschinenlesbar.',
  'export.empty': 'Keine Einträge.',
  'export.from_me': 'Du',
  'export.column.when': 'Zeit',
  'export.column.with': 'Gespräch mit',
  'export.column.from': 'Von',
  'export.column.message': 'Nachricht',
  'export.deleted_member': 'Gelöschtes Konto',
  'export.section.account': 'Dein Konto, Sitzungen und Zustimmungen',
  'export.section.questionnaire': 'Deine Antworten',
  'export.section.chat': 'Deine Nachrichten',
  'export.section.partners': 'Deine Trostpartner und Anfragen',
  'export.section.watchlist': 'Deine Merkliste',
  'export.section.hidden_list': 'Von dir verborgene Mitglieder',
  'export.section.reports': 'Deine Meldungen',
  'export.section.jobs': 'Wartende Benachrichtigungen',
  'export.section.other': 'Weitere Daten',
  'export.section.profile': 'Dein Profil und Profilbild',
  'export.section.settings': 'Änderungen deiner E-Mail Adresse',
  'export.section.customer_service': 'Deine Anfragen an den Kundenservice',
  'export.section.attribution': 'Wie du zu uns gefunden hast',
  'export.section.content': 'Von dir bearbeitete Seiten',
  'export.section.groups': 'Deine Gruppen, Beiträge und Kommentare',
  'export.section.payments': 'Deine Verträge, Quittungen und Kündigungen',
  'export.field.large_base64': 'Bild',
  'export.field.motto': 'Motto',
  'export.field.visibility': 'Wer was sieht',
  // Labels of data.json's field names on the readable page; a field without one shows its name.
  'export.field.user': 'Konto',
  'export.field.email': 'E-Mail Adresse',
  'export.field.nickname': 'Spitzname',
  'export.field.avatar': 'Profilbild',
  'export.field.about': 'Über mich',
  'export.field.locale': 'Sprache',
  'export.field.is_verified': 'E-Mail bestätigt',
  'export.field.is_premium': 'Premium',
  'export.field.is_super_admin': 'Administrator',
  'export.field.matching_status': 'Vorschläge eingeschaltet',
  'export.field.matching_step': 'Schritt im Fragebogen',
  'export.field.has_seen': 'Gesehene Hinweise',
  'export.field.created_at': 'Angelegt am',
  'export.field.permissionsViaRoles': 'Rechte über Rollen',
  'export.field.email_verified_at': 'E-Mail bestätigt am',
  'export.field.onboarded_at': 'Fragebogen zum ersten Mal beantwortet am',
  'export.field.terms_accepted_at': 'Nutzungsbedingungen zugestimmt am',
  'export.field.last_seen_at': 'Zuletzt aktiv',
  'export.field.premium_until': 'Premium bis',
  'export.field.sessions': 'Anmeldungen',
  'export.field.user_agent': 'Gerät und Browser',
  'export.field.last_used_at': 'Zuletzt benutzt',
  'export.field.revoked_at': 'Beendet am',
  'export.field.revoked_reason': 'Grund für das Ende',
  'export.field.password_resets': 'Links zum Zurücksetzen des Passworts',
  'export.field.expires_at': 'Gültig bis',
  'export.field.used_at': 'Benutzt am',
  'export.field.answers': 'Antworten',
  'export.field.question': 'Frage',
  'export.field.matching_profile': 'Profil für Vorschläge',
  'export.field.role': 'Rolle',
  'export.field.suggested_to_others': 'Anderen vorgeschlagen',
  'export.field.partners': 'Trostpartner, Anfragen und Vorschläge',
  'export.field.id': 'Nummer',
  'export.field.friend_status': 'Stand der Verbindung',
  'export.field.is_suggestion': 'Vorschlag',
  'export.field.reason': 'Warum ihr passt',
  'export.field.requests_written': 'Deine Anfragen',
  'export.field.to': 'An',
  'export.field.message': 'Nachricht',
  'export.field.requested_at': 'Gesendet am',
  'export.field.added_at': 'Hinzugefügt am',
  'export.field.userId': 'Mitglied',
  'export.field.target_type': 'Gemeldet wurde',
  'export.field.target_id': 'Nummer des Gemeldeten',
  'export.field.details': 'Deine Beschreibung',
  'export.field.status': 'Stand',
  'export.field.answer': 'Antwort',
  'export.field.job': 'Art',
  'export.field.state': 'Zustand',
  'export.field.not_before': 'Nicht vor',

  // Notifications (issue 13): who and what kind, never the words of a message.
  'notify.chat_message': 'Neue Nachrichten von {{name}}',
  'notify.friend_request': '{{name}} möchte dein Trostpartner sein',
  'notify.friend_accepted': '{{name}} hat deine Anfrage angenommen',
  'notify.friend_words': '{{name}} hat dir ein paar Worte hinterlassen',
  'notify.request_expired': 'Deine Anfrage an {{name}} ist abgelaufen',
  'notify.reply': '{{name}} hat dir in einer Gruppe geantwortet',
  'notify.group_post': 'Neuer Beitrag von {{name}} in einer Gruppe, der du folgst',
  'notify.security': 'Hinweis zur Sicherheit deines Kontos',
  'notify.deletion': 'Dein Konto wird gelöscht',
  'notify.export': 'Eine Kopie deiner Daten wurde heruntergeladen',
  'notify.news': 'Neuigkeiten von {{app}}',
  'notify.someone': 'Jemand',
  'notify.push.chat_message': 'Neue Nachricht von {{name}}',
  'mail.notice.subject_one': '{{app}}: {{line}}',
  'mail.notice.subject_many': '{{app}}: Neues für dich',
  'mail.notice.chat_intro': 'Du hast neue Nachrichten von {{name}}.',
  'mail.notice.intro': 'seit deinem letzten Besuch ist etwas passiert:',
  'mail.notice.private': 'Was geschrieben wurde, liest du nur in {{app}}, nicht in einer E-Mail.',
  'mail.notice.action': '{{app}} öffnen',
  'mail.notice.footer':
    'Welche E-Mails du bekommst, stellst du unter {{link}} ein. Diese Art E-Mail abbestellen: {{unsubscribe}}',
  'mail.notice.footer_fixed':
    'Diese Hinweise bekommst du immer, weil sie dich unmittelbar betreffen. Welche E-Mails du sonst bekommst, stellst du unter {{link}} ein.',
  'mail.news_confirm.subject': '{{app}}: Bitte bestätige Neuigkeiten per E-Mail',
  'mail.news_confirm.asked':
    'du möchtest Neuigkeiten von {{app}} per E-Mail bekommen. Bitte bestätige das mit dem Link unten.',
  'mail.news_confirm.ignore': 'Warst du das nicht? Dann ignoriere diese E-Mail, es passiert nichts.',
  'mail.news_confirm.action': 'Ja, Neuigkeiten per E-Mail',
  'notify.unsubscribed':
    'Du bekommst diese E-Mails nicht mehr. Alle Einstellungen findest du unter {{link}}.',
  'notify.unsubscribe_confirm': 'Diese E-Mails abbestellen',
  'notify.news_confirmed': 'Danke! Du bekommst Neuigkeiten jetzt per E-Mail.',
  // The small pages a link from a mail opens (unsubscribe, news confirmation), in the account's language.
  'mail_page.unsubscribe.title': 'E-Mails abbestellen',
  'mail_page.unsubscribe.ask':
    'Möchtest du diese Art E-Mail nicht mehr bekommen? In der App siehst du die Hinweise weiterhin.',
  'mail_page.unsubscribed':
    'Erledigt: Du bekommst diese E-Mails nicht mehr. In der App siehst du die Hinweise weiterhin, und du kannst es jederzeit in deinen Einstellungen ändern.',
  'mail_page.news.title': 'Neuigkeiten per E-Mail',
  'mail_page.news.ask': 'Bitte bestätige, dass du Neuigkeiten von {{app}} per E-Mail bekommen möchtest.',
  'mail_page.news.not_wanted':
    'Neuigkeiten per E-Mail sind in deinen Einstellungen gerade ausgeschaltet. Du kannst sie dort wieder einschalten.',
  'mail_page.invalid.title': 'Dieser Link funktioniert nicht',
  'mail_page.invalid':
    'Der Link ist nicht vollständig oder nicht mehr gültig. Welche E-Mails du bekommst, stellst du in der App ein.',
  'mail_page.to_settings': 'Zu deinen Benachrichtigungen',
  'mail_page.to_app': 'Zu {{app}}',
  // Moderation (issue 16, DSA Art. 17 and 20). Mails never quote what a member wrote.
  'notify.moderation': 'Eine Entscheidung unseres Teams',
  // A report's receipt and outcome (DSA Art. 16(4), (5)): never who or what was reported.
  'notify.report_received': 'Deine Meldung ist angekommen, wir sehen sie uns an',
  'notify.report_decided': 'Wir haben deine Meldung geprüft und entschieden',
  'moderation.decision.no_action': 'keine Maßnahme',
  'moderation.decision.content_removed': 'Inhalt entfernt',
  'moderation.decision.member_warned': 'Verwarnung',
  'moderation.decision.member_suspended': 'Konto vorübergehend gesperrt',
  'moderation.target.post': 'dein Beitrag in einer Gruppe',
  'moderation.target.comment': 'deine Antwort in einer Gruppe',
  'moderation.target.message': 'eine deiner Chat-Nachrichten',
  'moderation.target.profile': 'dein Profiltext',
  'moderation.target.account': 'dein Konto',
  'moderation.rule.respect': 'Respektvoller Umgang',
  'moderation.rule.harassment': 'Keine Belästigung',
  'moderation.rule.self_harm_content': 'Keine Inhalte, die zu Selbstverletzung ermutigen',
  'moderation.rule.privacy': 'Privatsphäre anderer schützen',
  'moderation.rule.spam': 'Keine Werbung und kein Spam',
  'moderation.rule.fake_profile': 'Echte Profile',
  'moderation.rule.illegal': 'Keine rechtswidrigen Inhalte',
  'moderation.rule.other': 'Nutzungsbedingungen',
  'mail.moderation.notice.subject': '{{app}}: Eine Entscheidung, die dich betrifft',
  'mail.moderation.notice.what': 'unser Team hat eine Meldung geprüft und entschieden: {{decision}}.',
  'mail.moderation.notice.target': 'Betroffen ist {{target}}.',
  'mail.moderation.notice.rule': 'Die Regel, um die es geht: „{{rule}}“.',
  'mail.moderation.notice.statement': 'Begründung: {{statement}}',
  'mail.moderation.notice.until': 'Die Sperre gilt bis {{date}}. Bis dahin kannst du dich nicht anmelden.',
  'mail.moderation.notice.contest':
    'Wenn du nicht einverstanden bist, kannst du bis {{date}} einmal widersprechen: über den Link unten, auch ohne dich anzumelden. Über deinen Widerspruch entscheidet eine andere Person aus unserem Team.',
  'mail.moderation.notice.contest_other':
    'Du kannst uns auch über {{link}} schreiben und die Nummer {{reference}} nennen.',
  'mail.moderation.notice.action': 'Entscheidung ansehen und widersprechen',
  'mail.moderation.footer':
    'Du bekommst diese E-Mail, weil eine Entscheidung unseres Teams dich betrifft. Sie enthält keine Nachrichten oder Beiträge.',
  'mail.suspension_lifted.subject': '{{app}}: Deine Sperre ist aufgehoben',
  'mail.suspension_lifted.done':
    'unser Team hat die Sperre deines Kontos aufgehoben. Du kannst dich ab sofort wieder anmelden.',
  'mail.suspension_lifted.action': 'Anmelden',
  'mail.moderation.appeal.subject': '{{app}}: Entscheidung über deinen Widerspruch',
  'mail.moderation.appeal.action': 'Entscheidung ansehen',
  'mail.moderation.appeal.upheld': 'wir haben deinen Widerspruch geprüft. Die Entscheidung bleibt bestehen.',
  'mail.moderation.appeal.reversed':
    'wir haben deinen Widerspruch geprüft und die Entscheidung aufgehoben. Alles ist wieder wie vorher.',
  'mail.support_answer.subject': '{{app}}: Antwort auf deine Anfrage {{reference}}',
  'mail.support_answer.intro': 'wir haben auf deine Anfrage {{reference}} geantwortet:',
  'mail.support_answer.action': 'Zum Kundenservice',
  'mail.support_answer.footer':
    'Du bekommst diese E-Mail, weil du uns über den Kundenservice geschrieben hast.',
} as const;

export type TextKey = keyof typeof de;

const en: Record<TextKey, string> = {
  'friendship.accepted': 'You are now support partners.',
  'friendship.denied': 'The request has been declined.',
  'friendship.retracted': 'Your request has been withdrawn.',
  'friendship.removed': 'The connection has been ended.',

  'auth.reset_link_sent':
    'If this e-mail address is registered with us, we have sent you a link to reset your password.',
  'auth.password_changed': 'Your password has been changed. You can sign in now.',
  'auth.verification_resent': 'We have sent you a new confirmation e-mail.',

  'match.in_common_question': 'What may connect you',
  'match.in_common': 'You may have something in common',

  'mail.greeting': 'Hello {{nickname}},',
  'mail.footer.registered': 'You receive this e-mail because you are registered with us.',

  'mail.verify.subject': '{{app}}: Please confirm your e-mail address',
  'mail.verify.welcome':
    'we are glad you found {{app}}. Please confirm your e-mail address so that we can connect you with fitting support partners.',
  'mail.verify.valid': 'The link is valid for 24 hours.',
  'mail.verify.action': 'Confirm e-mail address',
  'mail.verify.footer': 'You did not sign up? Then you can simply ignore this e-mail.',

  'mail.address_in_use.subject': '{{app}}: Someone tried to sign up with your e-mail address',
  'mail.address_in_use.attempt':
    'someone has just tried to create a new {{app}} account with your e-mail address. You already have an account with us.',
  'mail.address_in_use.was_it_you': 'If it was you, sign in or reset your password: {{link}}',
  'mail.address_in_use.action': 'Sign in',
  'mail.address_in_use.footer':
    'Was it not you? Then you can ignore this e-mail. Your account stays as it is.',

  'mail.reset.subject': '{{app}}: Reset your password',
  'mail.reset.asked':
    'you asked for a new password. Use the link below to set it. The link is valid for 60 minutes.',
  'mail.reset.action': 'Set a new password',
  'mail.reset.footer':
    'You did not ask for this? Then your password stays unchanged and you can ignore this e-mail.',
  'settings.password_changed': 'Your password has been changed. You are now signed out on all other devices.',
  'settings.email_change_sent':
    'We have sent a confirmation link to the new address. The new address counts once you open it.',
  'settings.email_changed': 'Your new e-mail address is confirmed.',
  'settings.email_change_undone':
    'The change of your e-mail address has been undone. To be safe, you were signed out everywhere.',
  'settings.nickname_changed': 'Your nickname has been changed.',

  'mail.footer.security':
    'We send you this e-mail for your safety whenever something important about your account changes.',

  'mail.password_changed.subject': '{{app}}: Your password has been changed',
  'mail.password_changed.done':
    'the password of your account was just changed. You have been signed out on all other devices.',
  'mail.password_changed.not_you': 'Was it not you? Then please reset your password right away.',
  'mail.password_changed.action': 'Reset password',

  'mail.email_confirm.subject': '{{app}}: Please confirm your new e-mail address',
  'mail.email_confirm.asked':
    'you want to use this address for your {{app}} account. Please confirm it; only then does it count.',
  'mail.email_confirm.valid': 'The link is valid for 24 hours.',
  'mail.email_confirm.action': 'Confirm new address',
  'mail.email_confirm.footer': 'You did not ask for this? Then you can simply ignore this e-mail.',

  'mail.email_change.subject': '{{app}}: Your e-mail address is about to change',
  'mail.email_change.asked':
    'a new e-mail address was given for your account: {{name}}. It counts once it is confirmed.',
  'mail.email_change.undo':
    'Was it not you? Then undo the change with the link below. It is valid for 7 days; after that our customer service helps you.',
  'mail.email_change.action': 'Undo the change',

  'mail.address_claimed.subject': '{{app}}: Someone wanted to use your e-mail address',
  'mail.address_claimed.attempt':
    'someone just tried to give their {{app}} account your e-mail address. You already have an account here, so we did not allow it.',

  'mail.new_sign_in.subject': '{{app}}: New sign-in to your account',
  'mail.new_sign_in.when': 'someone just signed in to your account with {{name}}.',
  'mail.new_sign_in.not_you':
    'Was it you? Then all is well. If not, end the session in your settings and change your password.',
  'mail.new_sign_in.action': 'See sessions',
  'mail.new_sign_in.unknown': 'unknown',

  'mail.second_factor_reset.subject': '{{app}}: Your second factor for the administration was reset',
  'mail.second_factor_reset.done':
    'someone leading the team has reset your second factor (the authenticator app and the recovery codes) for the administration. Your administration sessions have ended.',
  'mail.second_factor_reset.next':
    'At your next sign-in you set up the second factor again. You did not ask for this? Then please tell the team leads at once.',
  'mail.second_factor_reset.action': 'To the administration sign-in',
  'mail.second_factor_failures.subject': '{{app}}: Several wrong codes at your administration sign-in',
  'mail.second_factor_failures.what':
    'at the administration sign-in with your account, a wrong second-factor code was entered several times in a short while. Further attempts are slowed down for a while now.',
  'mail.second_factor_failures.next':
    'If that was you, all is well. If not, someone knows your password: please change it at once and tell the team leads.',

  'imprint.address': 'Address',
  'imprint.email': 'E-mail',
  'imprint.phone': 'Phone',
  'imprint.representative': 'Represented by',
  'imprint.register': 'Register entry',
  'imprint.vat_id': 'VAT ID',

  'support.topic.question': 'A question',
  'support.topic.technical': 'A technical problem',
  'support.topic.premium': 'Premium and cancellation',
  'support.topic.safety': 'A safety concern about a member',
  'support.topic.privacy': 'A data protection request',
  'support.topic.crisis': 'I am worried about someone / I am in crisis',

  'mail.support_received.subject': '{{app}}: Your request {{reference}} has arrived',
  'mail.support_received.thanks':
    'thank you for writing to customer service. We have received your request about “{{topic}}” under the number {{reference}}.',
  'mail.support_received.when':
    'We usually answer within two working days. Customer service is not an emergency service: in an acute crisis you can reach TelefonSeelsorge around the clock on 0800 111 0 111 or 0800 111 0 222; if a life is in danger, call 112.',
  'mail.support_received.action': 'Go to customer service',
  'mail.support_received.footer':
    'You are receiving this e-mail because a request to our customer service was sent with this address.',

  'mail.support_team.subject': '{{app}} customer service: new request {{reference}} ({{topic}})',
  'mail.support_team.new':
    'a new request has arrived: {{reference}}, topic “{{topic}}”, from {{name}} <{{link}}>.',
  'mail.support_team.read':
    'The message itself is only in the admin console, not in this e-mail (it may contain health data).',
  'mail.support_team.action': 'Open the admin console',
  'mail.support_team.footer': 'This e-mail goes to the customer-service team address (SUPPORT_EMAIL).',

  'mail.deletion.subject': '{{app}}: Your account will be deleted in {{days}} days',
  'mail.deletion.hidden':
    'you asked us to delete your account. We hid it at once: nobody sees it any more, and you are signed out on every device.',
  'mail.deletion.when':
    'On {{date}} we delete your data for good. Until then you can change your mind at your own pace: with the link below everything stays as it was.',
  'mail.deletion.action': 'Keep my account',
  'mail.deletion.footer':
    'If you really want to delete your account, there is nothing else to do. Thank you for having been with us.',

  'mail.export.subject': '{{app}}: A copy of your data was downloaded',
  'mail.export.made': 'on {{date}} a copy of your {{app}} data was downloaded.',
  'mail.export.not_you':
    'Was it not you? Then please change your password. This signs you out on every other device.',
  'mail.export.action': 'Go to settings',

  'mail.premium_order.subject': '{{app}}: Your premium order ({{reference}})',
  'mail.premium_order.thanks':
    'thank you for your order. Here are the essentials of your contract – please keep this e-mail.',
  'mail.premium_order.essentials':
    'Contract {{reference}}: {{app}} Premium, {{plan}}, {{amount}} incl. {{vat}} VAT, payable in advance. Start: {{date}} (at once, as you asked). The contract renews for the same period at the same price unless you cancel. You can cancel at any time to the end of the running period, the first time to {{until}}.',
  'mail.premium_order.includes':
    'Premium gives you more: ten instead of three suggestions and more at any time, up to ten open requests at once and a supporter badge you can show or hide. Chatting with your partners, groups, help in a crisis, reporting, the hidden list, deletion and export stay free for everyone.',
  'mail.premium_order.cancel':
    'Cancelling: without signing in through “Cancel contracts here” at the bottom of every page ({{link}}), or with one click in the settings.',
  'mail.premium_order.withdrawal':
    'Right of withdrawal: you may withdraw from this contract within 14 days without giving any reason. The period starts on the day the contract was concluded, {{date}}. To withdraw, use “Withdraw from contract” at the bottom of every page or send us a clear statement (for example by e-mail to {{topic}}). Sending the withdrawal before the period ends is enough.',
  'mail.premium_order.withdrawal_effects':
    'Effects of withdrawal: we refund every payment received from you without delay and at the latest within 14 days from the day your withdrawal reaches us, using the same means of payment. As you asked for premium to start at once, you pay a proportionate amount for the time until the withdrawal. You confirmed knowing that your right of withdrawal ends once the contract has been fully performed.',
  'mail.premium_order.conditions':
    'Our terms of use apply: {{conditions}} – the withdrawal information with the model withdrawal form: {{revocation}}',
  'mail.premium_order.action': 'See your contract',
  'mail.footer.contract': 'You receive this e-mail because you concluded a contract with us.',

  'mail.receipt.subject': '{{app}}: Receipt {{reference}} for {{amount}}',
  'mail.receipt.paid':
    'we have received your payment. Receipt {{reference}}: {{amount}} incl. {{vat}} VAT (19 %) for {{app}} Premium, {{plan}}, paid on {{date}}. Premium runs until {{until}}.',
  'mail.receipt.paid_after_end':
    'we have received your payment. Receipt {{reference}}: {{amount}} incl. {{vat}} VAT (19 %) for {{app}} Premium, {{plan}}, paid on {{date}}. Your contract has ended; this payment does not extend Premium. Questions about it: write to us at {{topic}}.',
  'mail.receipt.action': 'All receipts',

  'mail.cancellation.subject': '{{app}}: Your cancellation has arrived',
  'mail.cancellation.received': 'we received your cancellation ({{topic}}) on {{date}}.',
  'mail.cancellation.ends':
    'Your contract {{reference}} ends on {{until}}. Premium stays until then; nothing is charged after that.',
  'mail.cancellation.not_found':
    'We found no running contract for this e-mail address and contract number. If you ordered premium with another e-mail address, please reply with the contract number from your order confirmation.',
  'mail.cancellation.kind.ordinary': 'ordinary cancellation',
  'mail.cancellation.kind.extraordinary': 'extraordinary cancellation',
  'mail.cancellation.action': 'Go to {{app}}',

  'mail.declaration.confirm':
    'Please confirm it with the button below: only then does it take effect, and what counts is when it reached us. The link is valid for {{days}} days. If this was not you, there is nothing to do: your contract stays as it is.',
  'mail.declaration.confirm_action': 'Confirm now',

  'mail.withdrawal.subject': '{{app}}: Your withdrawal has arrived',
  'mail.withdrawal.received': 'we received your withdrawal on {{date}}.',
  'mail.withdrawal.ends':
    'Your contract {{reference}} has ended with it. We refund {{amount}} within 14 days at the latest using the same means of payment (we keep the share for the time premium already ran).',
  'mail.withdrawal.late':
    'The 14-day withdrawal period for contract {{reference}} had already passed. We therefore treat your statement as a cancellation: the contract ends on {{until}}, premium stays until then.',

  'mail.payment_failed.subject': '{{app}}: Your premium payment did not go through',
  'mail.payment_failed.failed': 'the payment renewing your contract {{reference}} did not go through.',
  'mail.payment_failed.grace':
    'Premium stays until {{until}} while the payment is tried again. Please check your means of payment. Everything you need in a hard time – chatting with your partners, groups, help in a crisis – stays free in any case.',
  'mail.payment_failed.action': 'See your contract',

  'payments.declaration_received':
    'Your statement has arrived. We are sending you the confirmation with all details by e-mail.',
  'payments.declaration_to_confirm':
    'Your statement has arrived. Please confirm it with the link in the e-mail we are sending to the address you gave: only then does it take effect. What counts is the time it arrived, now.',
  'payments.declaration_confirmed':
    'Thank you, your statement is confirmed and in effect. We are sending you the confirmation with all details by e-mail.',
  'payments.plan': '{{months}} month(s)',

  'export.title': 'Your data at {{app}}',
  'export.intro':
    'This page shows everything {{app}} has stored about you (as of {{date}}). The file data.json in the same archive holds the same data in a machine-readable form.',
  'export.empty': 'No entries.',
  'export.from_me': 'You',
  'export.column.when': 'Time',
  'export.column.with': 'Conversation with',
  'export.column.from': 'From',
  'export.column.message': 'Message',
  'export.deleted_member': 'Deleted account',
  'export.section.account': 'Your account, sessions and consents',
  'export.section.questionnaire': 'Your answers',
  'export.section.chat': 'Your messages',
  'export.section.partners': 'Your support partners and requests',
  'export.section.watchlist': 'Your watchlist',
  'export.section.hidden_list': 'Members you hid',
  'export.section.reports': 'Your reports',
  'export.section.jobs': 'Notifications waiting to be sent',
  'export.section.other': 'More data',
  'export.section.profile': 'Your profile and picture',
  'export.section.settings': 'Changes of your e-mail address',
  'export.section.customer_service': 'Your requests to customer service',
  'export.section.attribution': 'How you found us',
  'export.section.content': 'Pages you edited',
  'export.section.groups': 'Your groups, posts and comments',
  'export.section.payments': 'Your contracts, receipts and cancellations',
  'export.field.large_base64': 'Picture',
  'export.field.motto': 'Motto',
  'export.field.visibility': 'Who sees what',
  'export.field.user': 'Account',
  'export.field.email': 'E-mail address',
  'export.field.nickname': 'Nickname',
  'export.field.avatar': 'Profile picture',
  'export.field.about': 'About me',
  'export.field.locale': 'Language',
  'export.field.is_verified': 'E-mail confirmed',
  'export.field.is_premium': 'Premium',
  'export.field.is_super_admin': 'Administrator',
  'export.field.matching_status': 'Suggestions switched on',
  'export.field.matching_step': 'Step in the questionnaire',
  'export.field.has_seen': 'Hints seen',
  'export.field.created_at': 'Created on',
  'export.field.permissionsViaRoles': 'Permissions through roles',
  'export.field.email_verified_at': 'E-mail confirmed on',
  'export.field.onboarded_at': 'Questionnaire first finished on',
  'export.field.terms_accepted_at': 'Terms of use accepted on',
  'export.field.last_seen_at': 'Last active',
  'export.field.premium_until': 'Premium until',
  'export.field.sessions': 'Sign-ins',
  'export.field.user_agent': 'Device and browser',
  'export.field.last_used_at': 'Last used',
  'export.field.revoked_at': 'Ended on',
  'export.field.revoked_reason': 'Why it ended',
  'export.field.password_resets': 'Password reset links',
  'export.field.expires_at': 'Valid until',
  'export.field.used_at': 'Used on',
  'export.field.answers': 'Answers',
  'export.field.question': 'Question',
  'export.field.matching_profile': 'Profile for suggestions',
  'export.field.role': 'Role',
  'export.field.suggested_to_others': 'Suggested to others',
  'export.field.partners': 'Support partners, requests and suggestions',
  'export.field.id': 'Number',
  'export.field.friend_status': 'State of the connection',
  'export.field.is_suggestion': 'Suggestion',
  'export.field.reason': 'Why you match',
  'export.field.requests_written': 'Your requests',
  'export.field.to': 'To',
  'export.field.message': 'Message',
  'export.field.requested_at': 'Sent on',
  'export.field.added_at': 'Added on',
  'export.field.userId': 'Member',
  'export.field.target_type': 'What was reported',
  'export.field.target_id': 'Number of what was reported',
  'export.field.details': 'Your description',
  'export.field.status': 'State',
  'export.field.answer': 'Answer',
  'export.field.job': 'Kind',
  'export.field.state': 'State',
  'export.field.not_before': 'Not before',

  'notify.chat_message': 'New messages from {{name}}',
  'notify.friend_request': '{{name}} would like to be your support partner',
  'notify.friend_accepted': '{{name}} accepted your request',
  'notify.friend_words': '{{name}} left you a few words',
  'notify.request_expired': 'Your request to {{name}} has expired',
  'notify.reply': '{{name}} replied to you in a group',
  'notify.group_post': 'New post by {{name}} in a group you watch',
  'notify.security': "A notice about your account's security",
  'notify.deletion': 'Your account will be deleted',
  'notify.export': 'A copy of your data was downloaded',
  'notify.news': 'News from {{app}}',
  'notify.someone': 'Someone',
  'notify.push.chat_message': 'New message from {{name}}',
  'mail.notice.subject_one': '{{app}}: {{line}}',
  'mail.notice.subject_many': '{{app}}: Something new for you',
  'mail.notice.chat_intro': 'You have new messages from {{name}}.',
  'mail.notice.intro': 'something happened since your last visit:',
  'mail.notice.private': 'What was written you read only in {{app}}, never in an e-mail.',
  'mail.notice.action': 'Open {{app}}',
  'mail.notice.footer':
    'Choose which e-mails you receive at {{link}}. Unsubscribe from this kind of e-mail: {{unsubscribe}}',
  'mail.notice.footer_fixed':
    'You always receive these notices because they concern you directly. Choose which other e-mails you receive at {{link}}.',
  'mail.news_confirm.subject': '{{app}}: Please confirm news by e-mail',
  'mail.news_confirm.asked':
    'you would like to receive news from {{app}} by e-mail. Please confirm with the link below.',
  'mail.news_confirm.ignore': 'Was this not you? Then ignore this e-mail; nothing will happen.',
  'mail.news_confirm.action': 'Yes, news by e-mail',
  'notify.unsubscribed': 'You will no longer receive these e-mails. All settings are at {{link}}.',
  'notify.unsubscribe_confirm': 'Unsubscribe from these e-mails',
  'notify.news_confirmed': 'Thank you! You now receive news by e-mail.',
  'mail_page.unsubscribe.title': 'Unsubscribe from e-mails',
  'mail_page.unsubscribe.ask':
    'Would you rather not receive this kind of e-mail any more? You will still see these notices in the app.',
  'mail_page.unsubscribed':
    'Done: you will no longer receive these e-mails. You will still see the notices in the app, and you can change this at any time in your settings.',
  'mail_page.news.title': 'News by e-mail',
  'mail_page.news.ask': 'Please confirm that you would like to receive news from {{app}} by e-mail.',
  'mail_page.news.not_wanted':
    'News by e-mail is switched off in your settings at the moment. You can switch it on there again.',
  'mail_page.invalid.title': 'This link does not work',
  'mail_page.invalid':
    'The link is incomplete or no longer valid. You choose which e-mails you receive in the app.',
  'mail_page.to_settings': 'To your notifications',
  'mail_page.to_app': 'To {{app}}',
  'notify.moderation': 'A decision by our team',
  'notify.report_received': 'Your report has arrived, we are looking into it',
  'notify.report_decided': 'We have looked into your report and decided',
  'moderation.decision.no_action': 'no action',
  'moderation.decision.content_removed': 'content removed',
  'moderation.decision.member_warned': 'a warning',
  'moderation.decision.member_suspended': 'account suspended for a time',
  'moderation.target.post': 'your post in a group',
  'moderation.target.comment': 'your reply in a group',
  'moderation.target.message': 'one of your chat messages',
  'moderation.target.profile': 'your profile text',
  'moderation.target.account': 'your account',
  'moderation.rule.respect': 'Treat each other with respect',
  'moderation.rule.harassment': 'No harassment',
  'moderation.rule.self_harm_content': 'Nothing that encourages self-harm',
  'moderation.rule.privacy': "Protect others' privacy",
  'moderation.rule.spam': 'No advertising and no spam',
  'moderation.rule.fake_profile': 'Real profiles',
  'moderation.rule.illegal': 'Nothing unlawful',
  'moderation.rule.other': 'Terms of use',
  'mail.moderation.notice.subject': '{{app}}: A decision that concerns you',
  'mail.moderation.notice.what': 'our team has looked into a report and decided: {{decision}}.',
  'mail.moderation.notice.target': 'It concerns {{target}}.',
  'mail.moderation.notice.rule': 'The rule in question: "{{rule}}".',
  'mail.moderation.notice.statement': 'Reasons: {{statement}}',
  'mail.moderation.notice.until': 'The suspension lasts until {{date}}. Until then you cannot sign in.',
  'mail.moderation.notice.contest':
    'If you disagree, you can appeal once until {{date}}: through the link below, also without signing in. Someone else from our team decides on your appeal.',
  'mail.moderation.notice.contest_other':
    'You can also write to us at {{link}} and quote the number {{reference}}.',
  'mail.moderation.notice.action': 'See the decision and appeal',
  'mail.moderation.footer':
    'You receive this e-mail because a decision by our team concerns you. It contains no messages or posts.',
  'mail.suspension_lifted.subject': '{{app}}: Your suspension has been lifted',
  'mail.suspension_lifted.done':
    'our team has lifted the suspension of your account. You can sign in again right away.',
  'mail.suspension_lifted.action': 'Sign in',
  'mail.moderation.appeal.subject': '{{app}}: Decision on your appeal',
  'mail.moderation.appeal.action': 'See the decision',
  'mail.moderation.appeal.upheld': 'we have looked into your appeal. The decision stands.',
  'mail.moderation.appeal.reversed':
    'we have looked into your appeal and reversed the decision. Everything is as it was before.',
  'mail.support_answer.subject': '{{app}}: Answer to your request {{reference}}',
  'mail.support_answer.intro': 'we have answered your request {{reference}}:',
  'mail.support_answer.action': 'Go to customer service',
  'mail.support_answer.footer': 'You receive this e-mail because you wrote to us through customer service.',
};

export const serverTexts: Record<Locale, Record<TextKey, string>> = { de, en };

type Placeholders<S extends string> = S extends `${string}{{${infer P}}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;
/** The values a text needs, from its German wording: `{{name}}` → `{ name }`. */
export type TextParams<K extends TextKey> = Record<Placeholders<(typeof de)[K]>, string | number>;

/** The text in the member's language with its placeholders filled in (typed: each placeholder needs a value). */
export function t<K extends TextKey>(
  locale: Locale,
  key: K,
  ...params: Placeholders<(typeof de)[K]> extends never ? [] : [TextParams<K>]
): string {
  return fill(locale, key, params[0] ?? {});
}

/**
 * The text with whichever placeholders it names taken from `values`, in one pass (a value that itself
 * contains `{{…}}`, such as a member's message, stays as written). For texts sharing one set of values (mails).
 */
export function fill(locale: Locale, key: TextKey, values: Record<string, string | number>): string {
  return serverTexts[locale][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** Both languages of a text, for data stored with its translations (the questionnaire). */
export const inBothLanguages = (key: TextKey) => ({ de: serverTexts.de[key], en: serverTexts.en[key] });
