import type { User } from '@trostnetz/contracts/user';
import { returnTarget, withReturnTo } from '../lib/return-to.ts';
import type { RouteMeta } from './route-meta.ts';

/**
 * The navigation guard of SPEC.md §2 as a pure function. The loader runs it, fetches the member
 * when told to, and runs it again with `userFetched`.
 */
export interface GuardSession {
  /** The 401 state (set on reset and logout). */
  is401: boolean;
  /** The member once authenticated in this page session, else null. */
  user: User | null;
  /** Ids of the member's chat partners once the partner list is loaded in this page session, else null. */
  chatPartners: ReadonlySet<number> | null;
}

export interface GuardContext {
  userFetched: boolean;
  onboardingUrl: string;
  /** Where the member is going: path and query (issue 9 item 16). */
  target?: string;
  params?: Readonly<Record<string, string | undefined>>;
  /** The partner list was asked for in this navigation (loaded or failed). */
  partnersFetched?: boolean;
}

export type GuardDecision =
  | { type: 'pass' }
  | { type: 'redirect'; to: string }
  | { type: 'external'; url: string }
  | { type: 'fetch-user' }
  | { type: 'load-partners' };

/**
 * Guest routes that are still checked. SPEC.md names login, register and checkout; the rule
 * "authenticated users visiting forgot-password or password reset go to dashboard" can only hold
 * if those two guest routes are checked as well.
 */
export const CHECKED_GUEST_ROUTES: ReadonlySet<string> = new Set([
  'login',
  'register',
  'checkout',
  'forgot-password',
  'forgot-password-verification',
]);

/** Screens an authenticated member is sent away from. */
const SIGNED_OUT_SCREENS: ReadonlySet<string> = new Set([
  'login',
  'register',
  'forgot-password',
  'forgot-password-verification',
]);

/**
 * SPEC.md §2: checkout is open to guests and not-verified users; so are the rest of the way to pay (the
 * test provider's page) and back (issue 14: an unverified member can pay, verification may follow).
 */
const OPEN_TO_UNVERIFIED: ReadonlySet<string> = new Set([
  'please-verify',
  'checkout',
  'checkout-test-provider',
  'checkout-succeeded',
]);

const pass: GuardDecision = { type: 'pass' };
const redirect = (to: string): GuardDecision => ({ type: 'redirect', to });

export function decideNavigation(
  route: Pick<RouteMeta, 'name' | 'guest'>,
  session: GuardSession,
  { userFetched, onboardingUrl, target, params = {}, partnersFetched = false }: GuardContext,
): GuardDecision {
  // 1. Guest routes pass through, except the checked ones.
  if (route.guest && !CHECKED_GUEST_ROUTES.has(route.name)) return pass;

  // Where the member was going, carried on as `next` until they can get there (issue 9 item 16).
  const next = target ? returnTarget(new URL(target, 'http://local.invalid').search) : null;
  const toLogin = redirect(withReturnTo('/login', target));

  // 2. The 401 state sends non-guest routes to login.
  if (session.is401 && !route.guest) return toLogin;

  // 3. Not yet authenticated: fetch the member (once), then decide again.
  const user = session.user;
  if (!user && !session.is401 && !userFetched) return { type: 'fetch-user' };

  if (user) {
    // 4. Authenticated but unverified: confined to please-verify.
    if (!user.is_verified && !OPEN_TO_UNVERIFIED.has(route.name)) {
      return redirect(withReturnTo('/please-verify', target));
    }

    // 5. Verified on please-verify: dashboard (or the target) when onboarding is done, else the
    // onboarding site, which carries the target on when it is part of this app.
    if (user.is_verified && route.name === 'please-verify') {
      if (user.matching_step < 0) return redirect(next ?? '/dashboard');
      return {
        type: 'external',
        url: onboardingUrl.startsWith('/') ? withReturnTo(onboardingUrl, next) : onboardingUrl,
      };
    }

    // 6. Authenticated on login, register, forgot-password or password reset: dashboard.
    if (SIGNED_OUT_SCREENS.has(route.name)) return redirect('/dashboard');

    // 6b. Onboarding is done once matching_step is negative: on to the dashboard (or the target).
    if (route.name === 'onboarding' && user.matching_step < 0) return redirect(next ?? '/dashboard');

    // 7. Premium members cannot open the premium page (the server's is_premium counts super admins).
    if (route.name === 'premium' && user.is_premium) return redirect('/');

    // 8. chat-with only with a loaded partner list: loaded now rather than dropping the target (again
    // when the id is not in it: a friend accepted a moment ago); an id that is still no chat partner
    // goes to /chat. Before onboarding the screen says what comes first.
    if (
      route.name === 'chat-with' &&
      user.matching_step < 0 &&
      !session.chatPartners?.has(Number(params.id))
    ) {
      return partnersFetched ? redirect('/chat') : { type: 'load-partners' };
    }
  } else if (!route.guest) {
    // No member could be fetched for a members-only route.
    return toLogin;
  }

  return pass;
}

/** SPEC.md §2 home: verified → dashboard, unverified → please-verify, guest → login. */
export function decideHome(session: GuardSession, { userFetched }: { userFetched: boolean }): GuardDecision {
  if (session.is401) return redirect('/login');
  if (!session.user) return userFetched ? redirect('/login') : { type: 'fetch-user' };
  return redirect(session.user.is_verified ? '/dashboard' : '/please-verify');
}
