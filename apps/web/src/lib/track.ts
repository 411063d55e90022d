import { useConsentStore } from './consent.ts';

/** The tracked events of SPEC.md §7: chat, matching, partners and the two lists. */
export type TrackedEvent =
  | 'chat_message_sent'
  | 'questionnaire_next_step'
  | 'partner_invite'
  | 'partner_accept'
  | 'partner_unfriend'
  | 'partner_retract'
  | 'partner_refuse'
  | 'watchlist_add'
  | 'watchlist_remove'
  | 'hidden_list_add'
  | 'hidden_list_remove';

/** Set once an analytics tool is configured (SPEC.md §7: site id 4); none is, so nothing is sent. */
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
