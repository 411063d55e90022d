import type { User } from '@trostnetz/contracts/user';
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
  /** chat-with is only entered once the partner list is loaded (SPEC.md §2). */
  partnersLoaded: boolean;
}

export type GuardDecision =
  | { type: 'pass' }
  | { type: 'redirect'; to: string }
  | { type: 'external'; url: string }
  | { type: 'fetch-user' };

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

/** SPEC.md §2: checkout is open to guests and not-verified users. */
const OPEN_TO_UNVERIFIED: ReadonlySet<string> = new Set(['please-verify', 'checkout']);

const pass: GuardDecision = { type: 'pass' };
const redirect = (to: string): GuardDecision => ({ type: 'redirect', to });

export function decideNavigation(
  route: Pick<RouteMeta, 'name' | 'guest'>,
  session: GuardSession,
  { userFetched, onboardingUrl }: { userFetched: boolean; onboardingUrl: string },
): GuardDecision {
  // 1. Guest routes pass through, except the checked ones.
  if (route.guest && !CHECKED_GUEST_ROUTES.has(route.name)) return pass;

  // 2. The 401 state sends non-guest routes to login.
  if (session.is401 && !route.guest) return redirect('/login');

  // 3. Not yet authenticated: fetch the member (once), then decide again.
  const user = session.user;
  if (!user && !session.is401 && !userFetched) return { type: 'fetch-user' };

  if (user) {
    // 4. Authenticated but unverified: confined to please-verify.
    if (!user.is_verified && !OPEN_TO_UNVERIFIED.has(route.name)) return redirect('/please-verify');

    // 5. Verified on please-verify: dashboard when onboarding is done, else the onboarding site.
    if (user.is_verified && route.name === 'please-verify') {
      return user.matching_step < 0 ? redirect('/dashboard') : { type: 'external', url: onboardingUrl };
    }

    // 6. Authenticated on login, register, forgot-password or password reset: dashboard.
    if (SIGNED_OUT_SCREENS.has(route.name)) return redirect('/dashboard');

    // 6b. Onboarding is done once matching_step is negative: on to the dashboard.
    if (route.name === 'onboarding' && user.matching_step < 0) return redirect('/dashboard');

    // 7. Premium members cannot open the premium page (the server's is_premium counts super admins).
    if (route.name === 'premium' && user.is_premium) return redirect('/');
  } else if (!route.guest) {
    // No member could be fetched for a members-only route.
    return redirect('/login');
  }

  // 8. chat-with only with a loaded partner list.
  if (route.name === 'chat-with' && !session.partnersLoaded) return redirect('/chat');

  return pass;
}

/** SPEC.md §2 home: verified → dashboard, unverified → please-verify, guest → login. */
export function decideHome(session: GuardSession, { userFetched }: { userFetched: boolean }): GuardDecision {
  if (session.is401) return redirect('/login');
  if (!session.user) return userFetched ? redirect('/login') : { type: 'fetch-user' };
  return redirect(session.user.is_verified ? '/dashboard' : '/please-verify');
}
