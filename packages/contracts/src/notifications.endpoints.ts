import { del, get, post, put } from './endpoint.ts';

/** The member's notifications, their choices, push subscriptions and the mailed links' pages. */
export const notificationsApi = {
  list: get('/api/notifications'),
  markRead: post('/api/notifications/read'),
  preferences: get('/api/user/notifications'),
  savePreferences: put('/api/user/notifications'),
  subscribePush: post('/api/push/subscriptions'),
  unsubscribePush: del('/api/push/subscriptions'),
  pageCss: get('/api/notifications/page.css'),
  unsubscribePage: get('/api/notifications/unsubscribe'),
  unsubscribe: post('/api/notifications/unsubscribe'),
  newsConfirmPage: get('/api/notifications/news/confirm'),
  newsConfirm: post('/api/notifications/news/confirm'),
} as const;
