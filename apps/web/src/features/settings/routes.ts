import { defineScreens } from '../../lib/screens.ts';

export const settingsScreens = defineScreens({
  settings: {
    path: '/settings',
    headerVariant: 'settings',
    title: 'settings:titles.settings',
    component: async () => (await import('./components/settings-screen.tsx')).SettingsScreen,
  },
  // Guest, so that the links from the mails work on a device where the member is not signed in.
  // Not tracked: the address carries a one-time token.
  'email-confirm': {
    path: '/settings/email/confirm/:token',
    guest: true,
    notTracked: true,
    title: 'settings:titles.email-confirm',
    component: async () => (await import('./components/email-link-screen.tsx')).EmailConfirmScreen,
  },
  'email-undo': {
    path: '/settings/email/undo/:token',
    guest: true,
    notTracked: true,
    title: 'settings:titles.email-undo',
    component: async () => (await import('./components/email-link-screen.tsx')).EmailUndoScreen,
  },
  // Where the member lands after asking to delete the account, signed out.
  'account-deleted': {
    path: '/account-deleted',
    guest: true,
    title: 'settings:titles.account-deleted',
    component: async () => (await import('./components/account-deleted-screen.tsx')).AccountDeletedScreen,
  },
  // The undo link of the deletion mail: guest, as the member is signed out; not tracked (a token).
  'keep-account': {
    path: '/keep-account/:token',
    guest: true,
    notTracked: true,
    title: 'settings:titles.keep-account',
    component: async () => (await import('./components/keep-account-screen.tsx')).KeepAccountScreen,
  },
});
