import { get, post, put } from './endpoint.ts';

/** Partners (friends) and requests between members (SPEC.md §7), and another member's profile. */
export const partnersApi = {
  list: get('/api/chat/partners'),
  send: post('/api/user/friend/request/send/:id'),
  accept: post('/api/user/friend/request/accept/:id'),
  deny: post('/api/user/friend/request/deny/:id'),
  retract: post('/api/user/friend/request/retract/:id'),
  remove: post('/api/user/friend/list/remove/:id'),
  profile: get('/api/profile/:id'),
  /** Who may reach me with a friend request (same loss only, minimum account age). */
  reach: get('/api/user/reach'),
  saveReach: put('/api/user/reach'),
} as const;
