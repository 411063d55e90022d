import { del, get, post } from './endpoint.ts';

/** Registration, sign-in and the token pair (SPEC.md §4), password reset and e-mail verification. */
export const authApi = {
  register: post('/api/register'),
  signIn: post('/api/auth/tokens'),
  refresh: get('/api/auth/tokens/refresh'),
  signOut: del('/api/auth/tokens/revoke'),
  forgotPassword: post('/api/auth/forgot-password'),
  resetPassword: post('/api/auth/reset-password'),
  verifyEmail: post('/api/verify/:user_id/:hash'),
  resendVerification: post('/api/verify/resend'),
} as const;
