import { accountApi } from './account.endpoints.ts';
import {
  adminContentApi,
  adminMembersApi,
  adminModerationApi,
  adminOperationsApi,
  staffSessionApi,
} from './admin.endpoints.ts';
import { authApi } from './auth.endpoints.ts';
import { chatApi } from './chat.endpoints.ts';
import { appConfigApi } from './config.endpoints.ts';
import { contentApi } from './content.endpoints.ts';
import { customerServiceApi } from './customer-service.endpoints.ts';
import { type Endpoint, endpointsOf } from './endpoint.ts';
import { groupsApi } from './groups.endpoints.ts';
import { matchingApi } from './matching.endpoints.ts';
import { moderationApi } from './moderation.endpoints.ts';
import { notificationsApi } from './notifications.endpoints.ts';
import { partnersApi } from './partners.endpoints.ts';
import { paymentsApi } from './payments.endpoints.ts';
import { profileApi } from './profile.endpoints.ts';
import { questionnaireApi } from './questionnaire.endpoints.ts';
import { realtimeApi } from './realtime.endpoints.ts';
import { safetyApi } from './safety.endpoints.ts';
import { settingsApi } from './settings.endpoints.ts';
import { userApi } from './user.endpoints.ts';
import { watchlistApi } from './watchlist.endpoints.ts';

/**
 * Every table, by its export name. For the server's check that it registers exactly these routes; the
 * web app imports the one table a feature needs (`@trostnetz/contracts/chat.endpoints`), never this
 * file, so a screen's bundle carries only its own feature's paths.
 */
export const tables = {
  accountApi,
  adminContentApi,
  adminMembersApi,
  adminModerationApi,
  adminOperationsApi,
  appConfigApi,
  authApi,
  chatApi,
  contentApi,
  customerServiceApi,
  groupsApi,
  matchingApi,
  moderationApi,
  notificationsApi,
  partnersApi,
  paymentsApi,
  profileApi,
  questionnaireApi,
  realtimeApi,
  safetyApi,
  settingsApi,
  staffSessionApi,
  userApi,
  watchlistApi,
} as const satisfies Record<string, Record<string, Endpoint>>;

export const allEndpoints: Endpoint[] = endpointsOf(...Object.values(tables));

/** `GET /api/config`: how routes are named in checks and messages. */
export const routeKey = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
