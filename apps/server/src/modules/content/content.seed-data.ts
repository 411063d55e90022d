// Generated once from the texts the web app shipped in locales/{de,en}/legal.json (issue 15); from now
// on the operator edits them through PUT /api/admin/content/{slug}. Seeded only where nothing exists yet.
import type { ContentSlug } from '@trostnetz/contracts/content';

export interface SeedPage {
  title: string;
  intro: string;
  body: string;
}
export interface SeedFaqItem {
  topic: string;
  topicAnchor: string;
  question: string;
  answer: string;
  anchor: string;
}

export const seedPages: Record<Exclude<ContentSlug, 'accessibility'>, Record<'de' | 'en', SeedPage>> = {
  imprint: {
    de: {
      title: 'Impressum',
      intro: 'Angaben zum Anbieter dieses Dienstes.',
      body: '## Anbieter\n\n{{operator.details}}\n\nDiese Installation dient der Vorführung und Erprobung. Sie ist kein öffentliches Angebot eines eingetragenen Unternehmens.\n\n## Kontakt\n\nFür Fragen zu deinem Konto nutze bitte den Kundenservice.\n\n## Verantwortlich für den Inhalt\n\n{{operator.name}}, erreichbar unter der oben genannten Adresse.\n\n## Keine Beratung und kein Notdienst\n\nTrostnetz ist eine Gemeinschaft, in der sich Menschen gegenseitig unterstützen. Trostnetz ersetzt keine ärztliche, psychotherapeutische oder rechtliche Beratung und ist kein Notdienst.\n\nIn einer akuten Krise erreichst du die TelefonSeelsorge kostenlos und rund um die Uhr unter 0800 111 0 111 oder 0800 111 0 222. Bei Lebensgefahr wähle 112.\n\n## Streitbeilegung\n\nWir sind weder bereit noch verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen. Wende dich mit einem Anliegen gern direkt an uns.\n\n## Links zu anderen Seiten\n\nFür Inhalte externer Seiten, auf die wir verweisen, sind deren Betreiber verantwortlich. Wenn uns ein Rechtsverstoß bekannt wird, entfernen wir den Link umgehend.',
    },
    en: {
      title: 'Imprint',
      intro: 'Information about the provider of this service.',
      body: '## Provider\n\n{{operator.details}}\n\nThis installation is for demonstration and testing. It is not a public offer of a registered company.\n\n## Contact\n\nFor questions about your account, please use customer service.\n\n## Responsible for the content\n\n{{operator.name}}, reachable at the address above.\n\n## No counselling and no emergency service\n\nTrostnetz is a community in which people support one another. Trostnetz does not replace medical, psychotherapeutic or legal advice and is not an emergency service.\n\nIn an acute crisis you can reach TelefonSeelsorge free of charge and around the clock on 0800 111 0 111 or 0800 111 0 222. If a life is in danger, call 112.\n\n## Dispute resolution\n\nWe are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board. Please feel free to contact us directly with any concern.\n\n## Links to other sites\n\nThe operators of external sites we link to are responsible for their content. If we become aware of a legal violation, we remove the link immediately.',
    },
  },
  privacy: {
    de: {
      title: 'Datenschutz',
      intro:
        'Was du uns anvertraust, ist persönlich. Hier erklären wir verständlich, welche Daten wir verarbeiten, wozu und welche Rechte du hast.',
      body: '## Wer ist verantwortlich?\n\n{{operator.name}}, E-Mail: datenschutz@trostnetz.example.\n\n## Welche Daten wir verarbeiten\n\n- Kontodaten: E-Mail Adresse, Spitzname, Sprache und dein Passwort – dieses nur als sicherer, nicht umkehrbarer Hash.\n- Profil- und Fragebogenangaben: Was du freiwillig über dich und deine Situation erzählst. Solche Angaben können Rückschlüsse auf deine Gesundheit zulassen und sind deshalb besonders geschützt.\n- Nachrichten: Damit wir sie zustellen können, speichern wir sie. Lesen können sie nur du und dein Gegenüber.\n- Nutzungsdaten: zum Beispiel wann du zuletzt aktiv warst, damit Trostpartner wissen, ob du erreichbar bist.\n- Technische Daten: IP-Adresse und Zeitpunkt eines Zugriffs, kurzzeitig zur Sicherheit und Fehlersuche.\n\n## Wozu und auf welcher Grundlage\n\n- Um dir Trostnetz bereitzustellen, also Konto, passende Vorschläge und Chat (Art. 6 Abs. 1 lit. b DSGVO).\n- Angaben, die deine Gesundheit betreffen können, verarbeiten wir nur mit deiner ausdrücklichen Einwilligung (Art. 9 Abs. 2 lit. a DSGVO). Du kannst sie jederzeit widerrufen.\n- Um Trostnetz und seine Mitglieder vor Missbrauch zu schützen (Art. 6 Abs. 1 lit. f DSGVO).\n- Statistik nur, wenn du ihr zugestimmt hast (Art. 6 Abs. 1 lit. a DSGVO).\n\n## Cookies und Speicher im Browser\n\nNotwendig und immer aktiv: die Anmelde-Cookies „prod-access-token“ (1 Tag) und „prod-refresh-token“ (7 Tage), deine Sprachwahl und deine Cookie-Auswahl. Im Speicher deines Browsers halten wir außerdem deine Kontodaten („user_storage“) und den Chat-Zustand („chat_storage“) bereit, damit Trostnetz schnell startet. Beim Abmelden wird die Anmeldung entfernt.\n\nNur mit deiner Zustimmung: eine Reichweitenmessung mit unserem Statistikwerkzeug (Matomo) und das Cookie „prod-attribution“ (1 Tag), das festhält, über welche Seite oder Kampagne du zu uns gefunden hast. Die Messung erfährt, welche Art von Seite du aufrufst (etwa „Chat“, nie mit wem) und welche Aktionen du ausführst (etwa „Nachricht gesendet“, nie deren Inhalt), dazu eine zufällige Besucherkennung, die nur bis zum Schließen des Tabs im Speicher deines Browsers bleibt. Deine Auswahl kannst du jederzeit über „Cookie-Einstellungen“ unten auf jeder Seite ändern.\n\n## Wer Daten erhält\n\nWir verkaufen keine Daten und nutzen sie nicht für Werbung. Technische Dienstleister (Hosting, E-Mail-Versand und bei Premium der Zahlungsdienst) verarbeiten Daten nur in unserem Auftrag und nur, soweit es nötig ist.\n\n## Wie lange wir Daten speichern\n\nSolange du ein Konto hast. Wenn du dein Konto löschst, entfernen wir deine Daten nach einer kurzen Frist, in der du die Löschung noch rückgängig machen kannst. Für andere erscheinst du danach als gelöschtes Konto. Gesetzliche Aufbewahrungspflichten, etwa für Rechnungen, bleiben unberührt.\n\n## Deine Rechte\n\n- Auskunft über deine Daten und eine Kopie davon\n- Berichtigung und Löschung\n- Einschränkung der Verarbeitung und Widerspruch\n- Datenübertragbarkeit\n- Widerruf einer Einwilligung – mit Wirkung für die Zukunft\n- Beschwerde bei einer Datenschutz-Aufsichtsbehörde\n\nSchreib uns einfach an datenschutz@trostnetz.example.\n\n## Sicherheit\n\nAlle Verbindungen sind verschlüsselt. Passwörter speichern wir nur mit einem modernen Hash-Verfahren. Nachrichten sehen nur die beiden Beteiligten; das Team greift nur bei einer Meldung und nur so weit wie nötig darauf zu.',
    },
    en: {
      title: 'Privacy',
      intro:
        'What you entrust to us is personal. Here we explain in plain words which data we process, why, and what rights you have.',
      body: "## Who is responsible?\n\n{{operator.name}}, e-mail: datenschutz@trostnetz.example.\n\n## Which data we process\n\n- Account data: e-mail address, nickname, language and your password – the latter only as a secure, irreversible hash.\n- Profile and questionnaire details: what you choose to tell about yourself and your situation. Such details may allow conclusions about your health and are therefore specially protected.\n- Messages: we store them so that we can deliver them. Only you and the other person can read them.\n- Usage data: for example when you were last active, so that support partners know whether you are available.\n- Technical data: IP address and time of an access, kept briefly for security and troubleshooting.\n\n## Why, and on what legal basis\n\n- To provide Trostnetz to you: account, fitting suggestions and chat (Art. 6(1)(b) GDPR).\n- Details that may concern your health are processed only with your explicit consent (Art. 9(2)(a) GDPR). You can withdraw it at any time.\n- To protect Trostnetz and its members from abuse (Art. 6(1)(f) GDPR).\n- Statistics only if you have agreed to them (Art. 6(1)(a) GDPR).\n\n## Cookies and browser storage\n\nNecessary and always on: the sign-in cookies “prod-access-token” (1 day) and “prod-refresh-token” (7 days), your language and your cookie choice. Your browser's storage also keeps your account data (“user_storage”) and the chat state (“chat_storage”) so that Trostnetz starts quickly. Signing out removes the sign-in.\n\nOnly with your consent: usage measurement with our statistics tool (Matomo) and the cookie “prod-attribution” (1 day), which records the site or campaign through which you found us. The measurement learns which kind of page you open (say “chat”, never with whom) and which actions you take (say “message sent”, never its content), plus a random visitor id that stays in your browser's storage only until you close the tab. You can change your choice at any time via “Cookie settings” at the bottom of every page.\n\n## Who receives data\n\nWe do not sell data and do not use it for advertising. Technical service providers (hosting, e-mail delivery and, for Premium, the payment provider) process data only on our behalf and only as far as necessary.\n\n## How long we keep data\n\nAs long as you have an account. When you delete your account, we remove your data after a short period during which you can still undo the deletion. Others then see you as a deleted account. Statutory retention duties, for example for invoices, remain unaffected.\n\n## Your rights\n\n- Access to your data and a copy of it\n- Rectification and erasure\n- Restriction of processing and objection\n- Data portability\n- Withdrawal of consent – with effect for the future\n- Complaint to a data protection supervisory authority\n\nSimply write to datenschutz@trostnetz.example.\n\n## Security\n\nAll connections are encrypted. Passwords are stored only with a modern hashing method. Messages are seen only by the two people involved; the team accesses them only after a report and only as far as necessary.",
    },
  },
  revocation: {
    de: {
      title: 'Widerrufsbelehrung',
      intro: 'Diese Belehrung gilt, wenn du als Verbraucherin oder Verbraucher Premium buchst.',
      body: '## Widerrufsrecht\n\nDu hast das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses.\n\nUm dein Widerrufsrecht auszuüben, musst du uns – {{operator.name}}, E-Mail: {{operator.email}} – mittels einer eindeutigen Erklärung (zum Beispiel einer E-Mail) über deinen Entschluss informieren, diesen Vertrag zu widerrufen. Du kannst dafür das unten stehende Muster-Widerrufsformular verwenden, das ist aber nicht vorgeschrieben.\n\nZur Wahrung der Widerrufsfrist reicht es aus, dass du die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absendest.\n\n## Folgen des Widerrufs\n\nWenn du diesen Vertrag widerrufst, zahlen wir dir alle Zahlungen, die wir von dir erhalten haben, unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurück, an dem die Mitteilung über deinen Widerruf bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das du bei der ursprünglichen Zahlung eingesetzt hast, es sei denn, mit dir wurde ausdrücklich etwas anderes vereinbart. In keinem Fall werden dir wegen dieser Rückzahlung Entgelte berechnet.\n\nHast du verlangt, dass die Leistung während der Widerrufsfrist beginnen soll, so hast du uns einen angemessenen Betrag zu zahlen, der dem Anteil der bis zum Widerruf bereits erbrachten Leistungen im Vergleich zum Gesamtumfang der vertraglich vorgesehenen Leistungen entspricht.\n\n## Muster-Widerrufsformular\n\nWenn du den Vertrag widerrufen willst, fülle bitte dieses Formular aus und sende es zurück.\n\nAn {{operator.name}}, E-Mail: {{operator.email}}: Hiermit widerrufe(n) ich/wir den von mir/uns abgeschlossenen Vertrag über die Erbringung der folgenden Dienstleistung: Premium-Mitgliedschaft. Bestellt am: … / Name: … / E-Mail Adresse des Kontos: … / Datum: …',
    },
    en: {
      title: 'Right of withdrawal',
      intro: 'This notice applies when you book Premium as a consumer.',
      body: '## Right of withdrawal\n\nYou have the right to withdraw from this contract within fourteen days without giving any reason. The withdrawal period is fourteen days from the day the contract is concluded.\n\nTo exercise your right of withdrawal, you must inform us – {{operator.name}}, e-mail: {{operator.email}} – of your decision to withdraw from this contract by a clear statement (for example an e-mail). You may use the model withdrawal form below, but it is not obligatory.\n\nTo meet the withdrawal deadline, it is sufficient for you to send your communication concerning your exercise of the right of withdrawal before the withdrawal period has expired.\n\n## Effects of withdrawal\n\nIf you withdraw from this contract, we shall reimburse all payments received from you without undue delay and in any event not later than fourteen days from the day on which we are informed of your decision. We will use the same means of payment as you used for the initial transaction, unless expressly agreed otherwise with you; in any event, you will not incur any fees as a result of the reimbursement.\n\nIf you requested the service to begin during the withdrawal period, you shall pay us an amount proportionate to what has been provided until you informed us of the withdrawal, compared with the full coverage of the contract.\n\n## Model withdrawal form\n\nIf you wish to withdraw from the contract, please complete and return this form.\n\nTo {{operator.name}}, e-mail: {{operator.email}}: I/We hereby give notice that I/we withdraw from my/our contract for the provision of the following service: Premium membership. Ordered on: … / Name: … / E-mail address of the account: … / Date: …',
    },
  },
  conditions: {
    de: {
      title: 'Nutzungsbedingungen',
      intro:
        'Trostnetz lebt davon, dass sich alle sicher fühlen. Diese Bedingungen beschreiben, wie wir miteinander umgehen.',
      body: '## 1. Worum es geht\n\nTrostnetz bringt Menschen zusammen, die eine schwere Zeit erleben, und Menschen, die sie dabei begleiten möchten. Diese Bedingungen gelten für die Nutzung von Trostnetz durch alle Mitglieder.\n\n## 2. Was Trostnetz ist – und was nicht\n\nTrostnetz ist gegenseitige Unterstützung unter Gleichgesinnten. Es ersetzt keine Therapie, keine ärztliche Behandlung und keinen Notdienst. Wenn du in akuter Gefahr bist, wähle 112 oder ruf die TelefonSeelsorge an: 0800 111 0 111 oder 0800 111 0 222.\n\n## 3. Dein Konto\n\n- Du musst mindestens 18 Jahre alt sein.\n- Jede Person hat ein Konto. Gib deine Zugangsdaten nicht weiter.\n- Du kannst einen Spitznamen wählen und musst deinen echten Namen nicht nennen.\n- Du kannst dein Konto jederzeit löschen.\n\n## 4. Miteinander\n\n- Begegne anderen mit Respekt und Geduld. Jede Trauer und jede Krise ist anders.\n- Keine Beleidigungen, Belästigung, Drohungen oder Diskriminierung.\n- Keine Werbung, keine Spendenaufrufe und keine Angebote gegen Geld.\n- Teile keine Nachrichten oder Daten anderer ohne deren Einverständnis.\n- Gib Erfahrungen weiter, aber keine medizinischen Anweisungen.\n\n## 5. Sicherheit\n\nDu kannst Profile jederzeit ausblenden und Inhalte melden. Wir prüfen Meldungen zeitnah und können Inhalte entfernen oder Konten sperren, wenn gegen diese Bedingungen verstoßen wird.\n\n## 6. Premium\n\nDie Grundfunktionen sind kostenlos. Premium ist ein freiwilliges, kostenpflichtiges Angebot. Preis und Laufzeit siehst du vor dem Kauf. Premium ist jederzeit zum Ende der Laufzeit kündbar. Es gilt die Widerrufsbelehrung.\n\n## 7. Deine Inhalte\n\nWas du schreibst, bleibt deins. Du erlaubst uns nur, es innerhalb von Trostnetz so anzuzeigen, wie du es vorgesehen hast – zum Beispiel eine Nachricht deinem Gegenüber.\n\n## 8. Haftung\n\nWir bemühen uns um einen verlässlichen Dienst, können aber keine ununterbrochene Verfügbarkeit zusagen. Für Inhalte, die Mitglieder schreiben, sind diese selbst verantwortlich. Unsere Haftung für Vorsatz und grobe Fahrlässigkeit sowie für Schäden an Leben, Körper und Gesundheit bleibt unberührt.\n\n## 9. Änderungen\n\nWenn sich diese Bedingungen ändern, informieren wir dich rechtzeitig vorher per E-Mail. Du kannst dann widersprechen oder dein Konto löschen.',
    },
    en: {
      title: 'Terms of use',
      intro: 'Trostnetz works because everyone feels safe. These terms describe how we treat one another.',
      body: "## 1. What this is about\n\nTrostnetz brings together people going through a hard time and people who would like to accompany them. These terms apply to the use of Trostnetz by all members.\n\n## 2. What Trostnetz is – and what it isn't\n\nTrostnetz is mutual support among peers. It does not replace therapy, medical treatment or an emergency service. If you are in acute danger, call 112 or TelefonSeelsorge: 0800 111 0 111 or 0800 111 0 222.\n\n## 3. Your account\n\n- You must be at least 18 years old.\n- Each person has one account. Do not share your sign-in details.\n- You can choose a nickname and do not have to give your real name.\n- You can delete your account at any time.\n\n## 4. Treating each other well\n\n- Meet others with respect and patience. Every grief and every crisis is different.\n- No insults, harassment, threats or discrimination.\n- No advertising, no fundraising and no paid offers.\n- Do not share other people's messages or data without their consent.\n- Share experiences, but no medical instructions.\n\n## 5. Safety\n\nYou can hide profiles and report content at any time. We review reports promptly and may remove content or suspend accounts that violate these terms.\n\n## 6. Premium\n\nThe basic features are free. Premium is a voluntary paid offer. You see price and term before buying. Premium can be cancelled at any time to the end of its term. The right of withdrawal applies.\n\n## 7. Your content\n\nWhat you write remains yours. You only allow us to show it within Trostnetz as you intended – for example a message to the person you wrote to.\n\n## 8. Liability\n\nWe strive for a reliable service but cannot promise uninterrupted availability. Members are responsible for the content they write. Our liability for intent and gross negligence and for injury to life, body and health remains unaffected.\n\n## 9. Changes\n\nIf these terms change, we will inform you by e-mail in good time beforehand. You can then object or delete your account.",
    },
  },
};

export const seedFaq: Record<'de' | 'en', SeedFaqItem[]> = {
  de: [
    {
      topic: 'Über Trostnetz',
      topicAnchor: 'ueber-trostnetz',
      question: 'Was ist Trostnetz?',
      answer:
        'Eine Gemeinschaft, in der Menschen in Trauer oder in einer Krise Trostpartner finden: Menschen, die Ähnliches erlebt haben oder gut zuhören können. Ihr schreibt euch, wann und wie es für euch passt.',
      anchor: 'was-ist-trostnetz',
    },
    {
      topic: 'Über Trostnetz',
      topicAnchor: 'ueber-trostnetz',
      question: 'Ist Trostnetz eine Therapie oder ein Notdienst?',
      answer:
        'Nein. Trostnetz ist Unterstützung von Mensch zu Mensch. In einer akuten Krise erreichst du die TelefonSeelsorge unter 0800 111 0 111 oder 0800 111 0 222, bei Lebensgefahr den Notruf 112. Als Mitglied findest du diese Nummern auf jeder Seite unter „Hilfe in der Krise“.',
      anchor: 'ist-trostnetz-eine-therapie-oder-ein-notdienst',
    },
    {
      topic: 'Über Trostnetz',
      topicAnchor: 'ueber-trostnetz',
      question: 'Was kostet Trostnetz?',
      answer:
        'Die Grundfunktionen sind kostenlos. Mit Premium kannst du Trostnetz unterstützen und bekommst zusätzliche Möglichkeiten.',
      anchor: 'was-kostet-trostnetz',
    },
    {
      topic: 'Konto und Sicherheit',
      topicAnchor: 'konto-und-sicherheit',
      question: 'Warum muss ich meine E-Mail Adresse bestätigen?',
      answer:
        'So stellen wir sicher, dass die Adresse dir gehört und du dein Passwort zurücksetzen kannst. Das schützt dich und die Gemeinschaft.',
      anchor: 'warum-muss-ich-meine-e-mail-adresse-bestaetigen',
    },
    {
      topic: 'Konto und Sicherheit',
      topicAnchor: 'konto-und-sicherheit',
      question: 'Ich habe keine Bestätigungs-E-Mail bekommen.',
      answer:
        'Sieh bitte im Spam-Ordner nach. Nach dem Anmelden kannst du dir den Link noch einmal schicken lassen.',
      anchor: 'ich-habe-keine-bestaetigungs-e-mail-bekommen',
    },
    {
      topic: 'Konto und Sicherheit',
      topicAnchor: 'konto-und-sicherheit',
      question: 'Ich habe mein Passwort vergessen.',
      answer:
        'Wähle bei der Anmeldung „Passwort vergessen?“. Wir schicken dir einen Link, mit dem du ein neues Passwort festlegst.',
      anchor: 'ich-habe-mein-passwort-vergessen',
    },
    {
      topic: 'Konto und Sicherheit',
      topicAnchor: 'konto-und-sicherheit',
      question: 'Wer sieht, was ich schreibe?',
      answer:
        'Nachrichten sehen nur du und dein Gegenüber. Dein Profil sehen andere Mitglieder so, wie du es gestaltest. Deine E-Mail Adresse sieht niemand.',
      anchor: 'wer-sieht-was-ich-schreibe',
    },
    {
      topic: 'Trostpartner und Chat',
      topicAnchor: 'trostpartner-und-chat',
      question: 'Wie finde ich Trostpartner?',
      answer:
        'Nach einem kurzen Fragebogen schlagen wir dir passende Menschen vor und zeigen dir, was euch verbindet. Ihr könnt euch gegenseitig eine Kontaktanfrage schicken.',
      anchor: 'wie-finde-ich-trostpartner',
    },
    {
      topic: 'Trostpartner und Chat',
      topicAnchor: 'trostpartner-und-chat',
      question: 'Kann ich die Suche pausieren?',
      answer:
        'Ja. Wenn du gerade keine neuen Vorschläge möchtest, kannst du die Suche pausieren und später wieder aufnehmen.',
      anchor: 'kann-ich-die-suche-pausieren',
    },
    {
      topic: 'Trostpartner und Chat',
      topicAnchor: 'trostpartner-und-chat',
      question: 'Was tue ich, wenn sich jemand nicht gut verhält?',
      answer:
        'Du kannst das Profil ausblenden: Dann seht ihr euch nicht mehr und die Person kann dir nicht schreiben. Melde das Verhalten bitte auch, damit wir uns darum kümmern können.',
      anchor: 'was-tue-ich-wenn-sich-jemand-nicht-gut-verhaelt',
    },
    {
      topic: 'Premium',
      topicAnchor: 'premium',
      question: 'Wie kündige ich Premium?',
      answer: 'Jederzeit zum Ende der Laufzeit in deinen Einstellungen oder über den Kundenservice.',
      anchor: 'kuendigen',
    },
  ],
  en: [
    {
      topic: 'About Trostnetz',
      topicAnchor: 'ueber-trostnetz',
      question: 'What is Trostnetz?',
      answer:
        'A community where people in grief or crisis find support partners: people who have been through something similar or who are good listeners. You write to each other whenever and however it suits you.',
      anchor: 'was-ist-trostnetz',
    },
    {
      topic: 'About Trostnetz',
      topicAnchor: 'ueber-trostnetz',
      question: 'Is Trostnetz therapy or an emergency service?',
      answer:
        "No. Trostnetz is support from person to person. In an acute crisis you can reach TelefonSeelsorge on 0800 111 0 111 or 0800 111 0 222, and emergency services on 112 if a life is in danger. As a member you'll find these numbers on every page under “Help in a crisis”.",
      anchor: 'ist-trostnetz-eine-therapie-oder-ein-notdienst',
    },
    {
      topic: 'About Trostnetz',
      topicAnchor: 'ueber-trostnetz',
      question: 'What does Trostnetz cost?',
      answer:
        'The basic features are free. With Premium you can support Trostnetz and get additional options.',
      anchor: 'was-kostet-trostnetz',
    },
    {
      topic: 'Account and safety',
      topicAnchor: 'konto-und-sicherheit',
      question: 'Why do I have to confirm my e-mail address?',
      answer:
        'So we know the address belongs to you and you can reset your password. This protects you and the community.',
      anchor: 'warum-muss-ich-meine-e-mail-adresse-bestaetigen',
    },
    {
      topic: 'Account and safety',
      topicAnchor: 'konto-und-sicherheit',
      question: "I didn't receive a confirmation e-mail.",
      answer: 'Please look in your spam folder. After signing in you can have the link sent again.',
      anchor: 'ich-habe-keine-bestaetigungs-e-mail-bekommen',
    },
    {
      topic: 'Account and safety',
      topicAnchor: 'konto-und-sicherheit',
      question: 'I have forgotten my password.',
      answer:
        "Choose “Forgotten your password?” when signing in. We'll send you a link to set a new password.",
      anchor: 'ich-habe-mein-passwort-vergessen',
    },
    {
      topic: 'Account and safety',
      topicAnchor: 'konto-und-sicherheit',
      question: 'Who sees what I write?',
      answer:
        'Only you and the other person see your messages. Other members see your profile the way you design it. Nobody sees your e-mail address.',
      anchor: 'wer-sieht-was-ich-schreibe',
    },
    {
      topic: 'Support partners and chat',
      topicAnchor: 'trostpartner-und-chat',
      question: 'How do I find support partners?',
      answer:
        'After a short questionnaire we suggest fitting people and show you what you have in common. You can send each other a contact request.',
      anchor: 'wie-finde-ich-trostpartner',
    },
    {
      topic: 'Support partners and chat',
      topicAnchor: 'trostpartner-und-chat',
      question: 'Can I pause the search?',
      answer:
        "Yes. If you don't want new suggestions right now, you can pause the search and resume it later.",
      anchor: 'kann-ich-die-suche-pausieren',
    },
    {
      topic: 'Support partners and chat',
      topicAnchor: 'trostpartner-und-chat',
      question: 'What do I do if someone behaves badly?',
      answer:
        'You can hide their profile: then you no longer see each other and the person cannot write to you. Please also report the behaviour so we can take care of it.',
      anchor: 'was-tue-ich-wenn-sich-jemand-nicht-gut-verhaelt',
    },
    {
      topic: 'Premium',
      topicAnchor: 'premium',
      question: 'How do I cancel Premium?',
      answer: 'At any time to the end of the term, in your settings or through customer service.',
      anchor: 'kuendigen',
    },
  ],
};
