import { describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories.ts';
import { decideHome, decideNavigation, type GuardSession } from './guard.ts';
import { type RouteName, routes } from './route-meta.ts';

const ONBOARDING = '/onboarding';
const session = (s: Partial<GuardSession> = {}): GuardSession => ({
  is401: false,
  user: null,
  chatPartners: null,
  ...s,
});
const decide = (
  name: RouteName,
  s: Partial<GuardSession> = {},
  userFetched = false,
  more: { target?: string; params?: Record<string, string>; partnersFetched?: boolean } = {},
) => decideNavigation(routes[name], session(s), { userFetched, onboardingUrl: ONBOARDING, ...more });

describe('SPEC.md §2 Navigation guard', () => {
  describe('rule 1: guest routes pass through, except login, register and checkout, which are checked', () => {
    it.each([
      'imprint',
      'privacy',
      'revocation',
      'faq',
      'conditions',
      'customer-service',
      'nova',
      'nova-login',
      'nova-unauthorized',
      'verification',
      'not-found',
    ] as const)('%s passes for a guest in the 401 state without fetching anyone', (name) => {
      expect(decide(name, { is401: true })).toEqual({ type: 'pass' });
      expect(decide(name)).toEqual({ type: 'pass' });
    });

    it('a guest route passes even for an unverified member (not forced to please-verify)', () => {
      expect(decide('privacy', { user: buildUser({ is_verified: false }) })).toEqual({ type: 'pass' });
    });

    it.each([
      'login',
      'register',
      'checkout',
    ] as const)('%s is checked: the member is fetched first', (name) => {
      expect(decide(name)).toEqual({ type: 'fetch-user' });
    });

    it.each([
      'login',
      'register',
      'checkout',
      'forgot-password',
      'forgot-password-verification',
    ] as const)('%s stays open to a guest in the 401 state', (name) => {
      expect(decide(name, { is401: true })).toEqual({ type: 'pass' });
    });
  });

  describe('rule 2: with the 401 state set, non-guest routes go to login', () => {
    it.each([
      'dashboard',
      'watchlist',
      'profile',
      'please-verify',
      'chat',
      'premium',
      'accept-friend-request',
    ] as const)('%s → /login', (name) => {
      expect(decide(name, { is401: true })).toEqual({ type: 'redirect', to: '/login' });
    });
  });

  describe('rule 3: otherwise a not yet authenticated member is fetched', () => {
    it('asks to fetch the member once', () => {
      expect(decide('dashboard')).toEqual({ type: 'fetch-user' });
    });

    it('after a fetch that produced no member, a members-only route goes to login', () => {
      expect(decide('dashboard', {}, true)).toEqual({ type: 'redirect', to: '/login' });
    });

    it('an authenticated member is not fetched again', () => {
      expect(decide('dashboard', { user: buildUser() })).toEqual({ type: 'pass' });
    });
  });

  describe('rule 4: an authenticated but unverified member is forced to please-verify', () => {
    const unverified = buildUser({ is_verified: false, matching_step: 0 });
    it.each([
      'dashboard',
      'chat',
      'profile',
      'settings',
      'premium',
      'login',
      'register',
    ] as const)('%s → /please-verify', (name) => {
      expect(decide(name, { user: unverified })).toEqual({ type: 'redirect', to: '/please-verify' });
    });
    it('please-verify itself passes', () => {
      expect(decide('please-verify', { user: unverified })).toEqual({ type: 'pass' });
    });
    it('checkout stays open to not-verified members (SPEC.md §2 table)', () => {
      expect(decide('checkout', { user: unverified })).toEqual({ type: 'pass' });
    });
  });

  describe('rule 5: a verified member on please-verify', () => {
    it('goes to dashboard when onboarding is complete (matching_step < 0)', () => {
      expect(decide('please-verify', { user: buildUser({ matching_step: -1 }) })).toEqual({
        type: 'redirect',
        to: '/dashboard',
      });
    });
    it.each([0, 3])('is sent to the onboarding site when matching_step is %i', (step) => {
      expect(decide('please-verify', { user: buildUser({ matching_step: step }) })).toEqual({
        type: 'external',
        url: ONBOARDING,
      });
    });
  });

  describe('onboarding (SPEC.md §1: verified members answer the questionnaire; matching_step < 0 = done)', () => {
    it('is open to a verified member who has not finished it', () => {
      expect(decide('onboarding', { user: buildUser({ matching_step: 2 }) })).toEqual({ type: 'pass' });
    });
    it('sends a member who has finished it to the dashboard', () => {
      expect(decide('onboarding', { user: buildUser({ matching_step: -1 }) })).toEqual({
        type: 'redirect',
        to: '/dashboard',
      });
    });
    it('confines an unverified member to please-verify', () => {
      expect(decide('onboarding', { user: buildUser({ is_verified: false, matching_step: 1 }) })).toEqual({
        type: 'redirect',
        to: '/please-verify',
      });
    });
  });

  describe('rule 6: authenticated members visiting login, register, forgot-password or password reset go to dashboard', () => {
    it.each([
      'login',
      'register',
      'forgot-password',
      'forgot-password-verification',
    ] as const)('%s → /dashboard', (name) => {
      expect(decide(name, { user: buildUser() })).toEqual({ type: 'redirect', to: '/dashboard' });
    });
  });

  describe('SPEC.md §2/§6: premium members cannot open the premium page', () => {
    it('a premium member on /premium → home', () => {
      expect(decide('premium', { user: buildUser({ is_premium: true }) })).toEqual({
        type: 'redirect',
        to: '/',
      });
    });
    it('a super admin counts as premium', () => {
      expect(decide('premium', { user: buildUser({ is_super_admin: true }) })).toEqual({
        type: 'redirect',
        to: '/',
      });
    });
    it('a member without premium may open it', () => {
      expect(decide('premium', { user: buildUser() })).toEqual({ type: 'pass' });
    });
  });

  describe('SPEC.md §2: chat-with is only entered with the partner list loaded (issue 9 item 16: load it)', () => {
    const params = { id: '9' };
    it('without a loaded partner list the list is loaded first, instead of dropping the target', () => {
      expect(decide('chat-with', { user: buildUser() }, false, { params })).toEqual({
        type: 'load-partners',
      });
    });
    it('with the list loaded and the id a chat partner it passes', () => {
      expect(
        decide('chat-with', { user: buildUser(), chatPartners: new Set([9]) }, false, { params }),
      ).toEqual({
        type: 'pass',
      });
    });
    it('an id not in the loaded list loads it again (a friend accepted a moment ago), then goes to /chat', () => {
      const known = { user: buildUser(), chatPartners: new Set([12]) };
      expect(decide('chat-with', known, false, { params })).toEqual({ type: 'load-partners' });
      expect(decide('chat-with', known, false, { params, partnersFetched: true })).toEqual({
        type: 'redirect',
        to: '/chat',
      });
      expect(
        decide('chat-with', { user: buildUser(), chatPartners: new Set([9]) }, false, {
          params: { id: 'x' },
          partnersFetched: true,
        }),
      ).toEqual({ type: 'redirect', to: '/chat' });
    });
    it('a list that could not be loaded goes to /chat (which offers a retry)', () => {
      expect(decide('chat-with', { user: buildUser() }, false, { params, partnersFetched: true })).toEqual({
        type: 'redirect',
        to: '/chat',
      });
    });
    it('before onboarding nothing is loaded (the API would refuse): the screen says what to do first', () => {
      expect(decide('chat-with', { user: buildUser({ matching_step: 3 }) }, false, { params })).toEqual({
        type: 'pass',
      });
    });
  });

  it('a verified member passes to members-only screens', () => {
    for (const name of [
      'dashboard',
      'watchlist',
      'blocklist',
      'partner',
      'profile',
      'settings',
      'notifications',
      'chat',
    ] as const) {
      expect(decide(name, { user: buildUser() })).toEqual({ type: 'pass' });
    }
  });
});

describe('SPEC.md §2 home', () => {
  it('a guest (401 state) is sent to login', () => {
    expect(decideHome(session({ is401: true }), { userFetched: false })).toEqual({
      type: 'redirect',
      to: '/login',
    });
  });
  it('an unknown session fetches the member first, then a guest goes to login', () => {
    expect(decideHome(session(), { userFetched: false })).toEqual({ type: 'fetch-user' });
    expect(decideHome(session(), { userFetched: true })).toEqual({ type: 'redirect', to: '/login' });
  });
  it('a verified member is sent to dashboard', () => {
    expect(decideHome(session({ user: buildUser() }), { userFetched: false })).toEqual({
      type: 'redirect',
      to: '/dashboard',
    });
  });
  it('an unverified member is sent to please-verify', () => {
    expect(decideHome(session({ user: buildUser({ is_verified: false }) }), { userFetched: false })).toEqual({
      type: 'redirect',
      to: '/please-verify',
    });
  });
});

describe('issue 9 item 16: deep links keep their target through login, verification and onboarding', () => {
  const target = '/friend-request/12';
  const next = '%2Ffriend-request%2F12';

  it.each([
    'accept-friend-request',
    'chat-with',
    'partner',
    'dashboard',
  ] as const)('%s: a guest (401 state) goes to /login with the target', (name) => {
    expect(decide(name, { is401: true }, false, { target })).toEqual({
      type: 'redirect',
      to: `/login?next=${next}`,
    });
  });

  it('a fetch that found no member sends to /login with the target too', () => {
    expect(decide('accept-friend-request', {}, true, { target })).toEqual({
      type: 'redirect',
      to: `/login?next=${next}`,
    });
  });

  it('an unverified member is sent to please-verify with the target', () => {
    expect(
      decide('accept-friend-request', { user: buildUser({ is_verified: false }) }, false, { target }),
    ).toEqual({ type: 'redirect', to: `/please-verify?next=${next}` });
  });

  it('once verified, please-verify leads to the target (onboarding done) …', () => {
    expect(
      decide('please-verify', { user: buildUser({ matching_step: -1 }) }, false, {
        target: `/please-verify?next=${next}`,
      }),
    ).toEqual({ type: 'redirect', to: target });
  });

  it('… or to the onboarding, which carries the target on', () => {
    expect(
      decide('please-verify', { user: buildUser({ matching_step: 0 }) }, false, {
        target: `/please-verify?next=${next}`,
      }),
    ).toEqual({ type: 'external', url: `/onboarding?next=${next}` });
  });

  it('an onboarding site elsewhere gets no target (it is not ours to pass on)', () => {
    expect(
      decideNavigation(routes['please-verify'], session({ user: buildUser({ matching_step: 0 }) }), {
        userFetched: false,
        onboardingUrl: 'https://onboarding.example/start',
        target: `/please-verify?next=${next}`,
      }),
    ).toEqual({ type: 'external', url: 'https://onboarding.example/start' });
  });

  it('a finished onboarding opened again leads to the target', () => {
    expect(
      decide('onboarding', { user: buildUser() }, false, { target: `/onboarding?next=${next}` }),
    ).toEqual({
      type: 'redirect',
      to: target,
    });
  });

  it.each([
    '%2F%2Fevil.example',
    'https%3A%2F%2Fevil.example',
    '%2F%5Cevil.example',
  ])('a target of another origin (next=%s) is dropped: never an open redirect', (evil) => {
    expect(
      decide('please-verify', { user: buildUser() }, false, { target: `/please-verify?next=${evil}` }),
    ).toEqual({ type: 'redirect', to: '/dashboard' });
    expect(decide('dashboard', { is401: true }, false, { target: `//evil.example` })).toEqual({
      type: 'redirect',
      to: '/login',
    });
  });
});
