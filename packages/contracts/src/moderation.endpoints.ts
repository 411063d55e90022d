import { get, post } from './endpoint.ts';

/** What a member sees of moderation: notices about them, their reports, appeals. */
export const moderationApi = {
  notices: get('/api/moderation/notices'),
  myReports: get('/api/moderation/reports'),
  appeal: post('/api/moderation/appeals'),
  noticeLink: get('/api/moderation/notice-links/:id'),
  noticeLinkAppeal: post('/api/moderation/notice-links/:id/appeal'),
} as const;
