import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { OnboardingFirst } from '../components/onboarding/onboarding-first.tsx';
import { Page } from '../components/ui/page.tsx';
import { displayedUser, useUserStore } from '../lib/storage/user-store.ts';
import type { RouteMeta } from './route-meta.ts';

/**
 * Screens flagged `onboarded` need a finished questionnaire: before it they show the same hint as the
 * dashboard, under their own title, instead of calls the API can only refuse.
 */
export function withOnboardingGate(Screen: ComponentType, meta: RouteMeta): ComponentType {
  if (!meta.onboarded) return Screen;
  return function OnboardingGate() {
    const { t } = useTranslation();
    const user = useUserStore(displayedUser);
    if (user && user.matching_step >= 0) {
      return (
        <Page title={t(meta.title)}>
          <OnboardingFirst />
        </Page>
      );
    }
    return <Screen />;
  };
}
