import type { AppContext } from '../app-context.ts';
import { moderationData } from '../modules/admin/admin.member-data.ts';
import { attributionData } from '../modules/attribution/attribution.member-data.ts';
import { chatData } from '../modules/chat/chat.member-data.ts';
import { chatMutesData } from '../modules/chat/chat-mutes.member-data.ts';
import { contentData } from '../modules/content/content.member-data.ts';
import { customerServiceData } from '../modules/customer-service/customer-service.member-data.ts';
import { groupsData } from '../modules/groups/groups.member-data.ts';
import { jobsData } from '../modules/jobs/jobs.member-data.ts';
import { notificationsData } from '../modules/notifications/notifications.member-data.ts';
import { partnersData } from '../modules/partners/partners.member-data.ts';
import { paymentsData } from '../modules/payments/payments.member-data.ts';
import { profileData } from '../modules/profile/profile.member-data.ts';
import { questionnaireData } from '../modules/questionnaire/questionnaire.member-data.ts';
import { hiddenListData, reportsData } from '../modules/safety/safety.member-data.ts';
import { emailChangesData } from '../modules/settings/settings.member-data.ts';
import { accountData } from '../modules/users/users.member-data.ts';
import { watchlistData } from '../modules/watchlist/watchlist.member-data.ts';
import { eraseMemberData, exportMemberData } from './member-data.ts';

/**
 * Every module that stores member data (docs/decisions/009-member-life-cycle.md): a new one adds its
 * entry here. Erasing runs in this order; the account comes last, as the others still read it (the
 * address of waiting mails) and the emptied users row is what partners keep.
 */
export const memberDataTable = [
  questionnaireData,
  profileData,
  chatData,
  chatMutesData,
  groupsData,
  notificationsData,
  partnersData,
  watchlistData,
  hiddenListData,
  reportsData,
  moderationData,
  emailChangesData,
  customerServiceData,
  attributionData,
  contentData,
  paymentsData,
  jobsData,
  accountData,
] as const;

/** Everything the app holds about a member, as plain JSON by module (DSGVO Art. 15, 20). */
export const exportMember = (ctx: AppContext, userId: number) =>
  exportMemberData(ctx, memberDataTable, userId);

/** Deletes or anonymises everything of a member in one transaction (DSGVO Art. 17). */
export const eraseMember = (ctx: AppContext, userId: number) => eraseMemberData(ctx, memberDataTable, userId);
