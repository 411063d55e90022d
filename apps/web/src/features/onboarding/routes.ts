import { defineScreens } from '../../lib/screens.ts';

export const onboardingScreens = defineScreens({
  // The "separate onboarding site" (SPEC.md §1) as its own lazily loaded part at ONBOARDING_URL.
  onboarding: {
    path: '/onboarding',
    scrollToTop: true,
    headerVariant: 'home',
    title: 'onboarding:titles.onboarding',
    component: async () => (await import('./components/onboarding-screen.tsx')).OnboardingScreen,
  },
});
