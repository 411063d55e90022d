import { get } from './endpoint.ts';

/** The legal and help pages and the FAQ, as members and guests read them. */
export const contentApi = {
  page: get('/api/content/:slug'),
  faq: get('/api/faq'),
} as const;
