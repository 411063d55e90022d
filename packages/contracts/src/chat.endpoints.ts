import { del, get, patch, post, put } from './endpoint.ts';

/** Messages between partners, read marks, and who may write to the member. */
export const chatApi = {
  send: post('/api/chat/:partner/send'),
  change: patch('/api/chat/messages/:id'),
  remove: del('/api/chat/messages/:id'),
  report: post('/api/chat/messages/:id/report'),
  privacy: get('/api/user/chat-privacy'),
  savePrivacy: put('/api/user/chat-privacy'),
  messages: get('/api/chat/:partner/messages'),
  markRead: post('/api/chat/messages/:chat/:partner/read'),
  unread: get('/api/chat/unreadByChat'),
  muted: get('/api/chat/muted'),
  mute: put('/api/chat/:partner/mute'),
} as const;
