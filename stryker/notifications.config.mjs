import { strykerTarget } from './base.mjs';

// Notifications: who is told what on which channel, quiet hours, batching, the mail that never carries
// message text, one-click unsubscribe, push.
export default strykerTarget({
  name: 'notifications',
  mutate: [
    'apps/server/src/modules/notifications/notifier.ts',
    'apps/server/src/modules/notifications/preferences.service.ts',
    'apps/server/src/modules/notifications/notification-mail.ts',
    'apps/server/src/modules/notifications/notifications.service.ts',
    'apps/server/src/modules/notifications/notification-links.ts',
    'apps/server/src/modules/notifications/push.service.ts',
    // Not mutated: notifications.routes.ts and notifications.jobs.ts (wiring, covered by every test),
    // notice-mail.service.ts (the moderation target's statements of reasons) and the export's part.
  ],
  vitestConfig: 'stryker/vitest.notifications.config.ts',
});
