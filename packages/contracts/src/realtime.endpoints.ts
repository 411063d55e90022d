import { post } from './endpoint.ts';

/** The realtime channel's sign-off for private and presence channels (Pusher's protocol). */
export const realtimeApi = {
  auth: post('/pusher/auth'),
} as const;
