import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@trostnetz/contracts/user';
import { partnersQuery } from '../../../domain/partners/partners.ts';
import { feedsQuery } from './get-feeds.ts';
import { suggestionsQuery } from './get-suggestions.ts';

/**
 * What the home screen shows a member who has finished the questionnaire (requests, suggestions, feeds,
 * partners), asked for while the screen's code loads. Before that the screen shows the questionnaire.
 */
export function prefetchDashboard(client: QueryClient, member: User) {
  if (member.matching_step >= 0) return;
  void client.prefetchQuery(partnersQuery);
  void client.prefetchQuery(suggestionsQuery);
  void client.prefetchQuery(feedsQuery);
}
