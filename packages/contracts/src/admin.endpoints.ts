import { del, get, patch, post, put } from './endpoint.ts';

/** The console's staff session (sign-in with a second factor). */
export const staffSessionApi = {
  start: post('/api/admin/session'),
  enrol: post('/api/admin/session/enrol'),
  totp: post('/api/admin/session/totp'),
  me: get('/api/admin/me'),
  end: del('/api/admin/session'),
} as const;

/** The console's view of members and what staff may do to an account. */
export const adminMembersApi = {
  search: get('/api/admin/members'),
  one: get('/api/admin/members/:id'),
  addNote: post('/api/admin/members/:id/notes'),
  sendVerificationMail: post('/api/admin/members/:id/verification-mail'),
  revokeSessions: post('/api/admin/members/:id/sessions/revoke'),
  suspend: post('/api/admin/members/:id/suspension'),
  liftSuspension: del('/api/admin/members/:id/suspension'),
  setPremium: put('/api/admin/members/:id/premium'),
  setRoles: put('/api/admin/members/:id/roles'),
  resetSecondFactor: del('/api/admin/members/:id/second-factor'),
  delete: del('/api/admin/members/:id'),
} as const;

/** Reports, appeals and the audit log in the console. */
export const adminModerationApi = {
  reports: get('/api/admin/reports'),
  report: get('/api/admin/reports/:id'),
  assignReport: post('/api/admin/reports/:id/assign'),
  decideReport: post('/api/admin/reports/:id/decision'),
  appeals: get('/api/admin/appeals'),
  decideAppeal: post('/api/admin/appeals/:id/decision'),
  audit: get('/api/admin/audit'),
} as const;

/** Figures, groups and their categories, support requests, plans and the FAQ in the console. */
export const adminOperationsApi = {
  stats: get('/api/admin/stats'),
  groupCategories: get('/api/admin/group-categories'),
  createGroupCategory: post('/api/admin/group-categories'),
  updateGroupCategory: patch('/api/admin/group-categories/:id'),
  groups: get('/api/admin/groups'),
  createGroup: post('/api/admin/groups'),
  updateGroup: patch('/api/admin/groups/:id'),
  support: get('/api/admin/support'),
  assignSupport: post('/api/admin/support/:ref/assign'),
  answerSupport: post('/api/admin/support/:ref/answer'),
  closeSupport: post('/api/admin/support/:ref/close'),
  plans: get('/api/admin/plans'),
  createPlan: post('/api/admin/plans'),
  updatePlan: patch('/api/admin/plans/:id'),
  retirePlan: post('/api/admin/plans/:id/retire'),
  faq: get('/api/admin/faq'),
  saveFaq: put('/api/admin/faq/:id'),
} as const;

/** The legal and help pages as staff edit them. */
export const adminContentApi = {
  save: put('/api/admin/content/:slug'),
  history: get('/api/admin/content/:slug/history'),
  restore: post('/api/admin/content/:slug/restore'),
} as const;
