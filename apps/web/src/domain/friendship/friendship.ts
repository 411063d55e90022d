import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { partnersApi } from '@trostnetz/contracts/partners.endpoints';
import { checked } from '../../lib/answer.ts';
import { api, isApiError } from '../../lib/api-client.ts';
import { realtimeBus } from '../../lib/realtime.ts';
import { type TrackedEvent, track } from '../../lib/track.ts';
import { partnersQueryKey } from '../partners/partners.ts';

/**
 * The five friendship transitions of SPEC.md §4 (POST …/{id} with an optional {message}). Shared by
 * the dashboard, the partner profile and the accept-friend-request screen.
 */
export type FriendAction = 'send' | 'accept' | 'deny' | 'retract' | 'remove';

const events: Record<FriendAction, TrackedEvent> = {
  send: 'partner_invite',
  accept: 'partner_accept',
  deny: 'partner_refuse',
  retract: 'partner_retract',
  remove: 'partner_unfriend',
};

/** Query keys of every view that shows a partner's friendship state. */
export const suggestionsQueryKey = ['suggestions'] as const;
export const profileQueryKey = (id: number) => ['profile', id] as const;
export const watchlistQueryKey = ['watchlist'] as const;
export const blocklistQueryKey = ['blocklist'] as const;

/** SPEC.md §4: after any status change the partner list (and what shows it) is reloaded. */
export function reloadPartnerViews(client: QueryClient) {
  // An open conversation too: it shows the words with which the friendship began or ended.
  const conversations = ['chat', 'conversation'];
  for (const queryKey of [
    partnersQueryKey,
    suggestionsQueryKey,
    ['profile'],
    watchlistQueryKey,
    conversations,
  ]) {
    void client.invalidateQueries({ queryKey });
  }
}

/**
 * The live side of the same rule, in this one place for every screen (issue 9 item 15): a request,
 * an acceptance, a retraction or removal by the other member, or a new suggestion reloads every view
 * that shows a friendship status. FriendRequestChanged stays ignored (SPEC.md §7): the server always
 * sends PartnerStatusChanged with it.
 */
export function followFriendshipEvents(client: QueryClient): () => void {
  const reload = () => reloadPartnerViews(client);
  const offs = [
    realtimeBus.on('NewChatContact', reload),
    realtimeBus.on('FriendRequestConfirmation', reload),
    realtimeBus.on('PartnerStatusChanged', reload),
  ];
  return () => {
    for (const off of offs) off();
  };
}

export async function friendAction(action: FriendAction, id: number, message?: string) {
  const body = message?.trim() ? { message: message.trim() } : {};
  const raw = api(partnersApi[action], { params: { id }, body });
  const schemas = () => import('@trostnetz/contracts/partners');
  return action === 'send'
    ? checked(raw, () => schemas().then((c) => c.friendSendResponse))
    : checked(raw, () => schemas().then((c) => c.friendActionResponse));
}

export interface FriendActionInput {
  action: FriendAction;
  id: number;
  message?: string;
}

/**
 * Runs one transition; tracks it and reloads the partner views. After a 409 friendship_state (the
 * other side acted meanwhile) the caller reloads once the member has read the message, so that
 * the dialog showing it is not replaced under their eyes.
 */
export function useFriendAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id, message }: FriendActionInput) => friendAction(action, id, message),
    onSuccess: (_answer, { action }) => {
      track(events[action]);
      reloadPartnerViews(client);
    },
  });
}

export const isFriendshipConflict = (error: unknown) => isApiError(error) && error.status === 409;
