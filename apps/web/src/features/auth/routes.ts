import { defineScreens } from '../../lib/screens.ts';

export const authScreens = defineScreens({
  'please-verify': {
    path: '/please-verify',
    title: 'auth:titles.please-verify',
    component: async () => (await import('./components/please-verify-screen.tsx')).PleaseVerifyScreen,
  },
  login: {
    path: '/login',
    guest: true,
    shellTexts: true,
    title: 'auth:titles.login',
    component: async () => (await import('./components/login-screen.tsx')).LoginScreen,
  },
  register: {
    path: '/register',
    guest: true,
    shellTexts: true,
    title: 'auth:titles.register',
    component: async () => (await import('./components/register-screen.tsx')).RegisterScreen,
  },
  'forgot-password': {
    path: '/forgot-password',
    guest: true,
    shellTexts: true,
    title: 'auth:titles.forgot-password',
    component: async () => (await import('./components/forgot-password-screen.tsx')).ForgotPasswordScreen,
  },
  'forgot-password-verification': {
    path: '/password/reset/:hash',
    guest: true,
    shellTexts: true,
    title: 'auth:titles.forgot-password-verification',
    component: async () => (await import('./components/reset-password-screen.tsx')).ResetPasswordScreen,
  },
  // Guest so that the link also works on a device where the member is not signed in, and so
  // that an unverified member is not forced away from it to please-verify.
  verification: {
    path: '/email/verify/:user_id/:hash',
    guest: true,
    notTracked: true,
    shellTexts: true,
    title: 'auth:titles.verification',
    component: async () => (await import('./components/verification-screen.tsx')).VerificationScreen,
  },
});
