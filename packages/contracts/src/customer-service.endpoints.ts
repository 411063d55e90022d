import { get, post } from './endpoint.ts';

/** Support requests a member or guest sends, and the member's own. */
export const customerServiceApi = {
  send: post('/api/customer-service'),
  mine: get('/api/customer-service/mine'),
} as const;
