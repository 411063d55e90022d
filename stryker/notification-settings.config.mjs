import { strykerTarget } from './base.mjs';

// What a member chose: kind × channel, the SQL form of the same rule (wantsSql), quiet hours in the member's
// time zone, product news by double opt-in, one-click unsubscribe. Split from `notifications` so that each
// full run stays under 20 minutes.
export default strykerTarget({
  name: 'notification-settings',
  mutate: ['apps/server/src/modules/notifications/preferences.service.ts'],
  vitestConfig: 'stryker/vitest.notifications.config.ts',
});
