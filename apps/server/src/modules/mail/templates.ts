import type { Locale } from '@trostnetz/contracts/messages';
import type { Mail } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
): Mail {
  const text = [...paragraphs, '', `${action.label}: ${action.url}`, '', footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.6;color:#2f3a3a;max-width:560px;margin:auto;padding:24px">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2f6f62;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:14px;color:#5b6766">${escapeHtml(footer)}</p></body></html>`;
  return { to, subject, text, html };
}

interface Params {
  name: string;
  message: string;
  /** A second address named in the text (the action button carries the first). */
  link?: string;
}

const texts = {
  de: {
    friendRequest: (app: string, nick: string, p: Params) => ({
      subject: `${app}: ${p.name} möchte dein Trostpartner sein`,
      body: [
        `Hallo ${nick},`,
        `${p.name} hat dir eine Anfrage geschickt und möchte mit dir in Verbindung kommen.`,
        ...(p.message ? [`Die Nachricht dazu: „${p.message}“`] : []),
        'Nimm dir Zeit. Du entscheidest, ob und wann du antwortest.',
      ],
      action: 'Anfrage ansehen',
      footer: 'Du bekommst diese E-Mail, weil du bei uns registriert bist.',
    }),
    requestExpired: (app: string, nick: string, p: Params) => ({
      subject: `${app}: Deine Anfrage an ${p.name}`,
      body: [
        `Hallo ${nick},`,
        `${p.name} hat in den letzten 14 Tagen nicht auf deine Anfrage geantwortet, deshalb haben wir sie zurückgenommen.`,
        'Das liegt selten an dir: Manche Menschen haben gerade nicht die Kraft für neue Kontakte. Auf deinem Dashboard warten weitere Vorschläge auf dich.',
      ],
      action: 'Zum Dashboard',
      footer: 'Du bekommst diese E-Mail, weil du bei uns registriert bist.',
    }),
    verify: (app: string, nick: string) => ({
      subject: `${app}: Bitte bestätige deine E-Mail Adresse`,
      body: [
        `Hallo ${nick},`,
        `schön, dass du zu ${app} gefunden hast. Bitte bestätige deine E-Mail Adresse, damit wir dich mit passenden Trostpartnern zusammenbringen können.`,
        'Der Link ist 24 Stunden gültig.',
      ],
      action: 'E-Mail Adresse bestätigen',
      footer: 'Du hast dich nicht registriert? Dann kannst du diese E-Mail einfach ignorieren.',
    }),
    addressInUse: (app: string, nick: string, p: Params) => ({
      subject: `${app}: Jemand wollte sich mit deiner E-Mail Adresse registrieren`,
      body: [
        `Hallo ${nick},`,
        `gerade hat jemand versucht, mit deiner E-Mail Adresse ein neues Konto bei ${app} anzulegen. Du hast hier schon ein Konto.`,
        `Warst du das? Dann melde dich an oder setze dein Passwort zurück: ${p.link ?? ''}`,
      ],
      action: 'Anmelden',
      footer: 'Warst du es nicht? Dann kannst du diese E-Mail ignorieren. Dein Konto bleibt, wie es ist.',
    }),
    reset: (app: string, nick: string) => ({
      subject: `${app}: Passwort zurücksetzen`,
      body: [
        `Hallo ${nick},`,
        'du hast ein neues Passwort angefordert. Über den folgenden Link kannst du es festlegen. Der Link ist 60 Minuten gültig.',
      ],
      action: 'Neues Passwort festlegen',
      footer:
        'Du hast das nicht angefordert? Dann bleibt dein Passwort unverändert und du kannst diese E-Mail ignorieren.',
    }),
  },
  en: {
    friendRequest: (app: string, nick: string, p: Params) => ({
      subject: `${app}: ${p.name} would like to be your support partner`,
      body: [
        `Hello ${nick},`,
        `${p.name} has sent you a request and would like to get in touch with you.`,
        ...(p.message ? [`Their message: “${p.message}”`] : []),
        'Take your time. You decide whether and when to answer.',
      ],
      action: 'View the request',
      footer: 'You receive this e-mail because you are registered with us.',
    }),
    requestExpired: (app: string, nick: string, p: Params) => ({
      subject: `${app}: Your request to ${p.name}`,
      body: [
        `Hello ${nick},`,
        `${p.name} has not answered your request in the last 14 days, so we have withdrawn it.`,
        'This is rarely about you: some people do not have the strength for new contacts right now. More suggestions are waiting for you on your dashboard.',
      ],
      action: 'Go to the dashboard',
      footer: 'You receive this e-mail because you are registered with us.',
    }),
    verify: (app: string, nick: string) => ({
      subject: `${app}: Please confirm your e-mail address`,
      body: [
        `Hello ${nick},`,
        `we are glad you found ${app}. Please confirm your e-mail address so that we can connect you with fitting support partners.`,
        'The link is valid for 24 hours.',
      ],
      action: 'Confirm e-mail address',
      footer: 'You did not sign up? Then you can simply ignore this e-mail.',
    }),
    addressInUse: (app: string, nick: string, p: Params) => ({
      subject: `${app}: Someone tried to sign up with your e-mail address`,
      body: [
        `Hello ${nick},`,
        `someone has just tried to create a new ${app} account with your e-mail address. You already have an account with us.`,
        `If it was you, sign in or reset your password: ${p.link ?? ''}`,
      ],
      action: 'Sign in',
      footer: 'Was it not you? Then you can ignore this e-mail. Your account stays as it is.',
    }),
    reset: (app: string, nick: string) => ({
      subject: `${app}: Reset your password`,
      body: [
        `Hello ${nick},`,
        'you asked for a new password. Use the link below to set it. The link is valid for 60 minutes.',
      ],
      action: 'Set a new password',
      footer: 'You did not ask for this? Then your password stays unchanged and you can ignore this e-mail.',
    }),
  },
} satisfies Record<
  Locale,
  Record<
    string,
    (
      app: string,
      nick: string,
      p: Params,
    ) => { subject: string; body: string[]; action: string; footer: string }
  >
>;

export function mailTemplate(
  kind: keyof (typeof texts)['de'],
  locale: Locale,
  appName: string,
  to: { email: string; nickname: string },
  url: string,
  params: Params = { name: '', message: '' },
): Mail {
  const t = texts[locale][kind](appName, to.nickname, params);
  return layout(to.email, t.subject, t.body, { label: t.action, url }, t.footer);
}
