import { del, get, post } from './endpoint.ts';

/** The account's settings: password, e-mail, nickname, language, sessions. */
export const settingsApi = {
  me: get('/api/settings/me'),
  changePassword: post('/api/settings/change-password'),
  changeEmail: post('/api/settings/change-email'),
  confirmEmail: post('/api/settings/email/confirm'),
  undoEmail: post('/api/settings/email/undo'),
  changeNickname: post('/api/settings/change-nickname'),
  changeLocale: post('/api/settings/change-locale'),
  sessions: get('/api/settings/sessions'),
  endSession: del('/api/settings/sessions/:id'),
  endOtherSessions: del('/api/settings/sessions'),
} as const;
