import { authScreens } from '../features/auth/routes.ts';
import { blocklistScreens } from '../features/blocklist/routes.ts';
import { chatScreens } from '../features/chat/routes.ts';
import { checkoutScreens } from '../features/checkout/routes.ts';
import { contractsScreens } from '../features/contracts/routes.ts';
import { dashboardScreens } from '../features/dashboard/routes.ts';
import { friendRequestsScreens } from '../features/friend-requests/routes.ts';
import { groupsScreens } from '../features/groups/routes.ts';
import { legalScreens } from '../features/legal/routes.ts';
import { moderationScreens } from '../features/moderation/routes.ts';
import { notificationsScreens } from '../features/notifications/routes.ts';
import { novaScreens } from '../features/nova/routes.ts';
import { onboardingScreens } from '../features/onboarding/routes.ts';
import { partnersScreens } from '../features/partners/routes.ts';
import { premiumScreens } from '../features/premium/routes.ts';
import { profileScreens } from '../features/profile/routes.ts';
import { settingsScreens } from '../features/settings/routes.ts';
import { watchlistScreens } from '../features/watchlist/routes.ts';
import { defineScreens, type Screen, type ScreenFlags } from '../lib/screens.ts';

/** Not-found is the app's own screen; it catches every other path. */
const appScreens = defineScreens({
  'not-found': {
    path: '*',
    guest: true,
    shellTexts: true,
    title: 'layout:titles.not-found',
    component: async () => (await import('./not-found-screen.tsx')).NotFoundScreen,
  },
});

/**
 * Every screen of SPEC.md §2: each feature declares its screens in its routes.ts, listed here once.
 * The router, the guard, the page behaviour and analytics all read the table built from this list.
 */
const screenLists = [
  appScreens,
  authScreens,
  blocklistScreens,
  chatScreens,
  checkoutScreens,
  contractsScreens,
  dashboardScreens,
  friendRequestsScreens,
  groupsScreens,
  legalScreens,
  moderationScreens,
  notificationsScreens,
  novaScreens,
  onboardingScreens,
  partnersScreens,
  premiumScreens,
  profileScreens,
  settingsScreens,
  watchlistScreens,
] as const;

type NamesOf<T> = T extends unknown ? keyof T & string : never;
export type RouteName = 'home' | NamesOf<(typeof screenLists)[number]>;

/** A screen's entry in the table: what the guard, the page behaviour and analytics read (the route's `handle`). */
export interface RouteMeta extends ScreenFlags {
  name: RouteName;
  path: string;
  /** i18n key of the page title. */
  title: string;
}

export interface ScreenEntry {
  meta: RouteMeta;
  screen: Screen;
}

/** Joins the features' lists; a name or a path declared twice stops the app (and its tests) at once. */
export function screenTable(lists: ReadonlyArray<Record<string, Screen>>): ScreenEntry[] {
  const entries: ScreenEntry[] = [];
  for (const list of lists) {
    for (const [name, screen] of Object.entries(list)) {
      const clash = entries.find((e) => e.meta.name === name || e.meta.path === screen.path);
      if (clash) throw new Error(`Screen ${name} (${screen.path}) is declared twice: ${clash.meta.name}`);
      const { component: _component, layout: _layout, prefetch: _prefetch, ...meta } = screen;
      entries.push({ meta: { name: name as RouteName, ...meta }, screen });
    }
  }
  return entries;
}

export const screens = screenTable(screenLists);

/** SPEC.md §2 home has no screen of its own: its loader sends the visitor on (router.tsx). */
const home: RouteMeta = { name: 'home', path: '/', guest: true, title: 'layout:titles.home' };

export const routes = Object.fromEntries(
  [home, ...screens.map((s) => s.meta)].map((m) => [m.name, m]),
) as Record<RouteName, RouteMeta>;
