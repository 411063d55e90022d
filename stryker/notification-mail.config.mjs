import { strykerTarget } from './base.mjs';

// The mail that never carries message text, batching per partner, one-click unsubscribe through signed links,
// and push. Split from `notifications` so that each full run stays under 20 minutes.
export default strykerTarget({
  name: 'notification-mail',
  mutate: [
    'apps/server/src/modules/notifications/notification-mail.ts',
    'apps/server/src/modules/notifications/notification-links.ts',
    'apps/server/src/modules/notifications/push.service.ts',
  ],
  vitestConfig: 'stryker/vitest.notifications.config.ts',
});
