import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeTitle } from './page-behaviour.ts';
import { type RouteMeta, type RouteName, routes, screenTable } from './route-meta.ts';
import { appRoutes } from './router.tsx';

type Flags = Partial<Pick<RouteMeta, 'guest' | 'scrollToTop' | 'headerVariant' | 'notTracked' | 'onboarded'>>;

/** SPEC.md §2 (and DESIGN.md §7 for register and accept-friend-request): name, path, flags, title de / en. */
const spec: Array<[name: string, path: string, flags: Flags, de: string, en: string]> = [
  ['home', '/', { guest: true }, 'Start', 'Home'],
  ['dashboard', '/dashboard', { headerVariant: 'home' }, 'Übersicht', 'Overview'],
  ['watchlist', '/watchlist', { headerVariant: 'home', onboarded: true }, 'Merkliste', 'Watchlist'],
  [
    'blocklist',
    '/blocklist',
    { headerVariant: 'home', onboarded: true },
    'Ausgeblendete Profile',
    'Hidden profiles',
  ],
  [
    'partner',
    '/profile/:id',
    { scrollToTop: true, headerVariant: 'home', onboarded: true },
    'Profil',
    'Profile',
  ],
  ['profile', '/profile', { headerVariant: 'settings' }, 'Mein Profil', 'My profile'],
  ['settings', '/settings', { headerVariant: 'settings' }, 'Sicherheit', 'Security'],
  ['notifications', '/notifications', { headerVariant: 'settings' }, 'Benachrichtigungen', 'Notifications'],
  ['imprint', '/imprint', { guest: true }, 'Impressum', 'Imprint'],
  ['privacy', '/privacy', { guest: true }, 'Datenschutz', 'Privacy'],
  ['revocation', '/revocation', { guest: true }, 'Widerrufsbelehrung', 'Right of withdrawal'],
  ['faq', '/faq', { guest: true }, 'Häufige Fragen', 'Frequently asked questions'],
  ['conditions', '/conditions', { guest: true }, 'Nutzungsbedingungen', 'Terms of use'],
  ['customer-service', '/customer-service', { guest: true }, 'Kundenservice', 'Customer service'],
  ['please-verify', '/please-verify', {}, 'E-Mail bestätigen', 'Confirm your e-mail'],
  ['premium', '/premium', { headerVariant: 'home' }, 'Premium', 'Premium'],
  ['checkout', '/checkout/:plan_id', { guest: true }, 'Bezahlung', 'Checkout'],
  [
    'checkout-succeeded',
    '/checkout-succeeded',
    { headerVariant: 'home' },
    'Zahlungsstatus',
    'Payment status',
  ],
  [
    'checkout-test-provider',
    '/checkout/test-provider/:session',
    { notTracked: true },
    'Testzahlung',
    'Test payment',
  ],
  [
    'contracts-cancel',
    '/contracts/cancel',
    { guest: true, scrollToTop: true },
    'Verträge hier kündigen',
    'Cancel contracts here',
  ],
  [
    'contracts-withdraw',
    '/contracts/withdraw',
    { guest: true, scrollToTop: true },
    'Vertrag widerrufen',
    'Withdraw from contract',
  ],
  ['chat', '/chat', { scrollToTop: true, headerVariant: 'chat', onboarded: true }, 'Nachrichten', 'Messages'],
  ['chat-with', '/chat/:id', { headerVariant: 'chat', onboarded: true }, 'Gespräch', 'Conversation'],
  ['login', '/login', { guest: true }, 'Anmelden', 'Sign in'],
  ['register', '/register', { guest: true }, 'Registrieren', 'Create account'],
  ['forgot-password', '/forgot-password', { guest: true }, 'Passwort vergessen', 'Forgotten password'],
  [
    'forgot-password-verification',
    '/password/reset/:hash',
    { guest: true },
    'Neues Passwort',
    'New password',
  ],
  [
    'verification',
    '/email/verify/:user_id/:hash',
    { guest: true, notTracked: true },
    'E-Mail-Bestätigung',
    'E-mail confirmation',
  ],
  [
    'accept-friend-request',
    '/friend-request/:id',
    { headerVariant: 'home', onboarded: true },
    'Kontaktanfrage',
    'Contact request',
  ],
  ['onboarding', '/onboarding', { scrollToTop: true, headerVariant: 'home' }, 'Fragebogen', 'Questionnaire'],
  ['nova', '/nova', { guest: true }, 'Verwaltung', 'Administration'],
  ['nova-login', '/nova/login', { guest: true }, 'Anmeldung Verwaltung', 'Administration sign-in'],
  ['nova-unauthorized', '/nova/unauthorized', { guest: true }, 'Kein Zugriff', 'No access'],
  // Issue 16: the console's screens pass the members' guard (the console checks its own staff session).
  ['nova-reports', '/nova/reports', { guest: true }, 'Meldungen', 'Reports'],
  ['nova-report', '/nova/reports/:id', { guest: true }, 'Meldung', 'Report'],
  ['nova-appeals', '/nova/appeals', { guest: true }, 'Widersprüche', 'Appeals'],
  ['nova-members', '/nova/members', { guest: true }, 'Mitglieder', 'Members'],
  ['nova-member', '/nova/members/:id', { guest: true }, 'Mitglied', 'Member'],
  ['nova-audit', '/nova/audit', { guest: true }, 'Protokoll', 'Audit log'],
  // Issue 16: a member's statements of reasons and their appeal.
  ['notices', '/notices', { headerVariant: 'settings' }, 'Entscheidungen des Teams', 'Decisions of the team'],
  // The signed link of a statement-of-reasons mail: no sign-in (a suspended member contests), not tracked.
  [
    'notice-appeal',
    '/notices/:id/appeal',
    { guest: true, notTracked: true, scrollToTop: true },
    'Begründung und Widerspruch',
    'Reasons and appeal',
  ],
  [
    'notice',
    '/notices/:id',
    { headerVariant: 'settings', scrollToTop: true },
    'Begründung einer Entscheidung',
    'Reasons for a decision',
  ],
  ['not-found', '*', { guest: true }, 'Seite nicht gefunden', 'Page not found'],
];

const flagsOf = ({ guest, scrollToTop, headerVariant, notTracked, onboarded }: RouteMeta): Flags =>
  Object.fromEntries(
    Object.entries({ guest, scrollToTop, headerVariant, notTracked, onboarded }).filter(
      ([, v]) => v !== undefined,
    ),
  );

/** The meta of the deepest route the router matches for an address. */
const matched = (address: string) =>
  (matchRoutes(appRoutes, address)?.at(-1)?.route.handle as RouteMeta | undefined)?.name;

describe('SPEC.md §2 screens and routes: one table for router, guard, page behaviour and analytics', () => {
  it.each(spec)('%s: path %s, its flags and its title in German and English', (name, path, flags, de, en) => {
    const meta = routes[name as RouteName];
    expect([meta.name, meta.path, flagsOf(meta), routeTitle(meta, 'de'), routeTitle(meta, 'en')]).toEqual([
      name,
      path,
      flags,
      de,
      en,
    ]);
  });

  it('the router serves each screen at its path with that screen’s meta', () => {
    for (const [name, path] of spec) {
      const address = path === '*' ? '/no/such/screen' : path.replace(/:\w+/g, '17');
      expect(matched(address), address).toBe(name);
    }
  });

  it('a screen name or path declared by two features stops the app', () => {
    const component = async () => () => null;
    const a = { watchlist: { path: '/watchlist', title: 'watchlist:titles.watchlist', component } };
    expect(() => screenTable([a, { watchlist: { ...a.watchlist, path: '/elsewhere' } }])).toThrow(
      'Screen watchlist (/elsewhere) is declared twice: watchlist',
    );
    expect(() => screenTable([a, { bookmarks: a.watchlist }])).toThrow(
      'Screen bookmarks (/watchlist) is declared twice: watchlist',
    );
    expect(screenTable([a]).map((e) => e.meta)).toEqual([
      { name: 'watchlist', path: '/watchlist', title: 'watchlist:titles.watchlist' },
    ]);
  });
});
