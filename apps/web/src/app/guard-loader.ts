import { type LoaderFunctionArgs, redirect } from 'react-router';
import { getUser } from '../domain/account/get-user.ts';
import { loadedPartners, partnersQuery } from '../domain/partners/partners.ts';
import { isChatPartner } from '../features/chat/chat-partners.ts';
import { isApiError } from '../lib/api-client.ts';
import { getAppConfig } from '../lib/config.ts';
import { leaveTo } from '../lib/external-navigation.ts';
import { loadAllTexts, loadHomeTexts } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import type { Screen } from '../lib/screens.ts';
import { authenticatedUser, useUserStore } from '../lib/storage/user-store.ts';
import { ensureBootstrapped } from './bootstrap.ts';
import { decideHome, decideNavigation, type GuardDecision, type GuardSession } from './guard.ts';
import type { RouteMeta } from './route-meta.ts';

function snapshot(): GuardSession {
  const state = useUserStore.getState();
  const partners = loadedPartners(queryClient);
  return {
    is401: state.status === 'unauthenticated',
    user: authenticatedUser(state),
    chatPartners: partners ? new Set(partners.filter(isChatPartner).map((p) => p.id)) : null,
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

async function loadPartners() {
  try {
    await queryClient.fetchQuery({ ...partnersQuery, staleTime: 0 });
  } catch {
    // /chat shows the failure with a retry.
  }
}

interface Progress {
  userFetched: boolean;
  partnersFetched: boolean;
}

async function settle(decide: (progress: Progress) => GuardDecision): Promise<null> {
  await ensureBootstrapped();
  const progress: Progress = { userFetched: false, partnersFetched: false };
  let decision = decide(progress);
  if (decision.type === 'fetch-user') {
    await fetchUser();
    progress.userFetched = true;
    decision = decide(progress);
  }
  if (decision.type === 'load-partners') {
    await loadPartners();
    progress.partnersFetched = true;
    decision = decide(progress);
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

export const guardLoader =
  (meta: RouteMeta, prefetch?: Screen['prefetch']) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    const location = new URL(request.url);
    await settle((progress) =>
      decideNavigation(meta, snapshot(), {
        ...progress,
        onboardingUrl: getAppConfig().onboarding_url,
        target: `${location.pathname}${location.search}`,
        params,
      }),
    );
    const member = authenticatedUser(useUserStore.getState());
    if (member && prefetch) prefetch(queryClient, member);
    // A guest on a sign-in screen needs the shell's texts alone; the home screen the shell's and its own
    // (they include the member's frame: the bell, the menu); every other screen and a signed-in member's
    // sign-in screen all of them (issue 13, lib/i18n.ts).
    if (meta.homeTexts) await loadHomeTexts();
    else if (!meta.shellTexts || snapshot().user) await loadAllTexts();
    return null;
  };

export const homeLoader = () => settle(({ userFetched }) => decideHome(snapshot(), { userFetched }));
