import { get, post } from './endpoint.ts';

/** The signed-in member as the app starts with them, and what they have seen. */
export const userApi = {
  init: get('/api/profile/init'),
  lastSeen: post('/api/profile/last_seen'),
  hasSeen: post('/api/user/has-seen'),
} as const;
