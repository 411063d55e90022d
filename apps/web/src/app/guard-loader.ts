import { redirect } from 'react-router';
import { getUser } from '../features/auth/api/get-user.ts';
import { isApiError } from '../lib/api-client.ts';
import { getAppConfig } from '../lib/config.ts';
import { leaveTo } from '../lib/external-navigation.ts';
import { useChatStore } from '../lib/storage/chat-store.ts';
import { authenticatedUser, useUserStore } from '../lib/storage/user-store.ts';
import { ensureBootstrapped } from './bootstrap.ts';
import { decideHome, decideNavigation, type GuardDecision, type GuardSession } from './guard.ts';
import type { RouteMeta } from './route-meta.ts';

function snapshot(): GuardSession {
  const state = useUserStore.getState();
  return {
    is401: state.status === 'unauthenticated',
    user: authenticatedUser(state),
    partnersLoaded: useChatStore.getState().partnersLoaded,
  };
}

async function fetchUser() {
  try {
    await getUser();
  } catch (error) {
    // A 401 has already reset the session (the 401 state decides next); anything else is shown
    // by the route's error screen with a retry.
    if (!isApiError(error) || error.status !== 401) throw error;
  }
}

async function settle(decide: (userFetched: boolean) => GuardDecision): Promise<null> {
  await ensureBootstrapped();
  let decision = decide(false);
  if (decision.type === 'fetch-user') {
    await fetchUser();
    decision = decide(true);
  }
  switch (decision.type) {
    case 'redirect':
      throw redirect(decision.to);
    case 'external':
      leaveTo(decision.url);
      // Keep the current screen until the browser has left.
      return new Promise<null>(() => {});
    default:
      return null;
  }
}

export const guardLoader = (meta: RouteMeta) => () =>
  settle((userFetched) =>
    decideNavigation(meta, snapshot(), { userFetched, onboardingUrl: getAppConfig().onboarding_url }),
  );

export const homeLoader = () => settle((userFetched) => decideHome(snapshot(), { userFetched }));
