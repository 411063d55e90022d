import { defineScreens } from '../../lib/screens.ts';

export const legalScreens = defineScreens({
  imprint: {
    path: '/imprint',
    guest: true,
    title: 'legal:titles.imprint',
    component: async () => (await import('./components/imprint-screen.tsx')).ImprintScreen,
  },
  privacy: {
    path: '/privacy',
    guest: true,
    title: 'legal:titles.privacy',
    component: async () => (await import('./components/privacy-screen.tsx')).PrivacyScreen,
  },
  revocation: {
    path: '/revocation',
    guest: true,
    title: 'legal:titles.revocation',
    component: async () => (await import('./components/revocation-screen.tsx')).RevocationScreen,
  },
  faq: {
    path: '/faq',
    guest: true,
    title: 'legal:titles.faq',
    component: async () => (await import('./components/faq-screen.tsx')).FaqScreen,
  },
  conditions: {
    path: '/conditions',
    guest: true,
    title: 'legal:titles.conditions',
    component: async () => (await import('./components/conditions-screen.tsx')).ConditionsScreen,
  },
  accessibility: {
    path: '/accessibility',
    guest: true,
    title: 'legal:titles.accessibility',
    component: async () => (await import('./components/accessibility-screen.tsx')).AccessibilityScreen,
  },
  'customer-service': {
    path: '/customer-service',
    guest: true,
    title: 'legal:titles.customer-service',
    component: async () => (await import('./components/customer-service-screen.tsx')).CustomerServiceScreen,
  },
});
