/**
 * Every screen of SPEC.md §2 with its flags. The router, the guard and the page behaviour all read
 * this one table. Titles are i18n keys in locales/<lang>/routes.json.
 */
export type HeaderVariant = 'home' | 'settings' | 'chat';

export interface RouteMeta {
  name: RouteName;
  path: string;
  /** Open without login (SPEC.md §2, §6). */
  guest?: boolean;
  scrollToTop?: boolean;
  headerVariant?: HeaderVariant;
  /** Excluded from analytics (the verification link carries a personal signature). */
  notTracked?: boolean;
  /** Needs a finished questionnaire (its API answers onboarding_required before). */
  onboarded?: boolean;
}

export const routeNames = [
  'home',
  'dashboard',
  'watchlist',
  'blocklist',
  'partner',
  'profile',
  'settings',
  'notifications',
  'imprint',
  'privacy',
  'revocation',
  'faq',
  'conditions',
  'customer-service',
  'please-verify',
  'premium',
  'checkout',
  'checkout-succeeded',
  'chat',
  'chat-with',
  'login',
  'register',
  'forgot-password',
  'forgot-password-verification',
  'verification',
  'accept-friend-request',
  'onboarding',
  'nova',
  'nova-login',
  'nova-unauthorized',
  'not-found',
] as const;
export type RouteName = (typeof routeNames)[number];

export const routes: Record<RouteName, RouteMeta> = {
  home: { name: 'home', path: '/', guest: true },
  dashboard: { name: 'dashboard', path: '/dashboard', headerVariant: 'home' },
  watchlist: { name: 'watchlist', path: '/watchlist', headerVariant: 'home', onboarded: true },
  blocklist: { name: 'blocklist', path: '/blocklist', headerVariant: 'home', onboarded: true },
  partner: {
    name: 'partner',
    path: '/profile/:id',
    scrollToTop: true,
    headerVariant: 'home',
    onboarded: true,
  },
  profile: { name: 'profile', path: '/profile', headerVariant: 'settings' },
  settings: { name: 'settings', path: '/settings', headerVariant: 'settings' },
  notifications: { name: 'notifications', path: '/notifications', headerVariant: 'settings' },
  imprint: { name: 'imprint', path: '/imprint', guest: true },
  privacy: { name: 'privacy', path: '/privacy', guest: true },
  revocation: { name: 'revocation', path: '/revocation', guest: true },
  faq: { name: 'faq', path: '/faq', guest: true },
  conditions: { name: 'conditions', path: '/conditions', guest: true },
  'customer-service': { name: 'customer-service', path: '/customer-service', guest: true },
  'please-verify': { name: 'please-verify', path: '/please-verify' },
  premium: { name: 'premium', path: '/premium', headerVariant: 'home' },
  checkout: { name: 'checkout', path: '/checkout/:plan_id', guest: true },
  'checkout-succeeded': { name: 'checkout-succeeded', path: '/checkout-succeeded', headerVariant: 'home' },
  chat: { name: 'chat', path: '/chat', scrollToTop: true, headerVariant: 'chat', onboarded: true },
  'chat-with': { name: 'chat-with', path: '/chat/:id', headerVariant: 'chat', onboarded: true },
  login: { name: 'login', path: '/login', guest: true },
  register: { name: 'register', path: '/register', guest: true },
  'forgot-password': { name: 'forgot-password', path: '/forgot-password', guest: true },
  'forgot-password-verification': {
    name: 'forgot-password-verification',
    path: '/password/reset/:hash',
    guest: true,
  },
  // Guest so that the link also works on a device where the member is not signed in, and so
  // that an unverified member is not forced away from it to please-verify.
  verification: { name: 'verification', path: '/email/verify/:user_id/:hash', guest: true, notTracked: true },
  'accept-friend-request': {
    name: 'accept-friend-request',
    path: '/friend-request/:id',
    headerVariant: 'home',
    onboarded: true,
  },
  // The "separate onboarding site" (SPEC.md §1) as its own lazily loaded part at ONBOARDING_URL.
  onboarding: { name: 'onboarding', path: '/onboarding', scrollToTop: true, headerVariant: 'home' },
  nova: { name: 'nova', path: '/nova', guest: true },
  'nova-login': { name: 'nova-login', path: '/nova/login', guest: true },
  'nova-unauthorized': { name: 'nova-unauthorized', path: '/nova/unauthorized', guest: true },
  'not-found': { name: 'not-found', path: '*', guest: true },
};
