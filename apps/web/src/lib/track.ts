import { useConsentStore } from './consent.ts';

/** The tracked events of SPEC.md §7: chat, matching, partners, groups and the two lists. */
export type TrackedEvent =
  | 'chat_message_sent'
  | 'questionnaire_next_step'
  | 'partner_invite'
  | 'partner_accept'
  | 'partner_unfriend'
  | 'partner_retract'
  | 'partner_refuse'
  | 'group_post_published'
  | 'group_comment_published'
  | 'watchlist_add'
  | 'watchlist_remove'
  | 'hidden_list_add'
  | 'hidden_list_remove';

/** Set by app/analytics.ts while statistics are configured and consented to (SPEC.md §7); else null. */
type Sink = (event: TrackedEvent, data?: Record<string, string | number>) => void;
let sink: Sink | null = null;

export function setTrackingSink(next: Sink | null) {
  sink = next;
}

/** Records an event only with statistics consent and a configured sink; otherwise does nothing. */
export function track(event: TrackedEvent, data?: Record<string, string | number>) {
  if (!useConsentStore.getState().choice?.statistics || !sink) return;
  sink(event, data);
}
