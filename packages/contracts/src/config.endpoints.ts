import { get } from './endpoint.ts';

/** The app's public settings, fetched once at start. */
export const appConfigApi = {
  get: get('/api/config'),
} as const;
