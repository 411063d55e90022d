import { get, post } from './endpoint.ts';

/** Deleting the account (and taking it back within the grace period), the data export. */
export const accountApi = {
  delete: post('/api/user/delete'),
  revokeDeletion: post('/api/user/revoke-delete'),
  export: get('/api/user/export'),
} as const;
