import { get, post } from './endpoint.ts';

/** Suggestions of possible partners, pausing the matching, and starting it over. */
export const matchingApi = {
  status: post('/api/user/matching/status'),
  suggestions: get('/api/user/matching/suggestions'),
  more: post('/api/user/matching/suggestions/more'),
  reset: post('/api/user/matching/reset'),
} as const;
