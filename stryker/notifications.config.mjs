import { strykerTarget } from './base.mjs';

// Notifications: who is told what on which channel (the notifier) and the in-app list. Preferences and quiet
// hours are the target `notification-settings`, the mail, its links and push `notification-mail`; all three
// run the module's tests.
export default strykerTarget({
  name: 'notifications',
  mutate: [
    'apps/server/src/modules/notifications/notifier.ts',
    'apps/server/src/modules/notifications/notifications.service.ts',
    // Not mutated: notifications.routes.ts and notifications.jobs.ts (wiring, covered by every test),
    // notice-mail.service.ts (the moderation target's statements of reasons) and the export's part.
  ],
  vitestConfig: 'stryker/vitest.notifications.config.ts',
});
