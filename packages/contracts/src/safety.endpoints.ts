import { del, get, post } from './endpoint.ts';

/** Hiding members from oneself and reporting. */
export const safetyApi = {
  blocklist: get('/api/user/blocklist/all'),
  block: post('/api/block'),
  unblock: del('/api/block/:id'),
  report: post('/api/reports'),
  /** A writer's choice at the on-device word check, counted per day and place (no member, no text). */
  sendPrompts: post('/api/safety/send-prompts'),
} as const;
