import { del, get, patch, post, put } from './endpoint.ts';

/** The member's own profile, avatar and questionnaire answers. */
export const profileApi = {
  me: get('/api/profile/me'),
  update: patch('/api/profile/me'),
  uploadAvatar: post('/api/profile/avatar'),
  deleteAvatar: del('/api/profile/avatar'),
  avatar: get('/api/avatars/:name/:hash/:size'),
  changeAnswers: put('/api/profile/answers/:step'),
} as const;
