import type { createBrowserRouter } from 'react-router';
import { useConfigStore } from '../lib/config.ts';
import { useConsentStore } from '../lib/consent.ts';
import { setTrackingSink, type TrackedEvent } from '../lib/track.ts';
import type { RouteMeta } from './route-meta.ts';

/**
 * Statistics (SPEC.md §7): hits go to the configured Matomo through its HTTP tracking API, and only
 * while the member has consented to statistics cookies. No script is loaded from elsewhere, nothing
 * is sent before consent, and a hit never carries personal data: page views name the route pattern
 * (`/chat/:id`, never an id or a link token), events carry no text and no member id.
 */
export const VISITOR_STORAGE_KEY = 'analytics_visitor';

type Router = ReturnType<typeof createBrowserRouter>;
type Params = Record<string, string>;

/** Event category and action per tracked event, as they appear in Matomo's reports. */
const eventNames: Record<TrackedEvent, [category: string, action: string]> = {
  chat_message_sent: ['chat', 'message sent'],
  questionnaire_next_step: ['questionnaire', 'next step'],
  partner_invite: ['partner', 'invite'],
  partner_accept: ['partner', 'accept'],
  partner_unfriend: ['partner', 'unfriend'],
  partner_retract: ['partner', 'retract'],
  partner_refuse: ['partner', 'refuse'],
  group_post_published: ['group', 'post published'],
  group_comment_published: ['group', 'comment published'],
  watchlist_add: ['watchlist', 'add'],
  watchlist_remove: ['watchlist', 'remove'],
  hidden_list_add: ['hidden list', 'add'],
  hidden_list_remove: ['hidden list', 'remove'],
};

/** A random 16-hex-digit visitor id (Matomo's `_id`): kept for the tab's session and only while consent lasts. */
function visitorId(): string {
  let id = sessionStorage.getItem(VISITOR_STORAGE_KEY);
  if (!id || !/^[0-9a-f]{16}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    sessionStorage.setItem(VISITOR_STORAGE_KEY, id);
  }
  return id;
}

/** Sends one hit as a form-encoded POST; a beacon survives the page closing, fetch is the fallback. */
export function matomoSender(baseUrl: string, siteId: number): (params: Params) => void {
  const endpoint = `${baseUrl}matomo.php`;
  return (params) => {
    const body = new URLSearchParams({
      idsite: String(siteId),
      rec: '1',
      apiv: '1',
      send_image: '0',
      _id: visitorId(),
      rand: String(Math.floor(Math.random() * 1e9)),
      ...params,
    });
    if (navigator.sendBeacon?.(endpoint, body)) return;
    void fetch(endpoint, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      mode: 'no-cors',
    }).catch(() => undefined);
  };
}

export function eventParams(event: TrackedEvent, data?: Record<string, string | number>): Params {
  const [category, action] = eventNames[event];
  const params: Params = { e_c: category, e_a: action };
  const numeric = Object.entries(data ?? {}).find(([, v]) => typeof v === 'number');
  if (numeric) {
    params.e_n = numeric[0];
    params.e_v = String(numeric[1]);
  }
  return params;
}

/** The innermost matched route's meta, or undefined while no screen is matched. */
function currentMeta(router: Router): RouteMeta | undefined {
  return router.state.matches.at(-1)?.route.handle as RouteMeta | undefined;
}

/**
 * Wires statistics to consent and configuration for the life of the page: switched on when both are
 * there (with a page view for the screen in front of the member), off again the moment consent is
 * withdrawn, when the visitor id is forgotten too. Returns a function that undoes the wiring.
 */
export function startAnalytics(router: Router): () => void {
  let send: ((params: Params) => void) | null = null;
  let lastKey: string | null = null;

  const pageView = () => {
    const meta = currentMeta(router);
    if (!send || !meta || meta.notTracked) return;
    send({ url: `${window.location.origin}${meta.path}`, action_name: meta.name });
  };

  const update = () => {
    const analytics = useConfigStore.getState().config.analytics;
    const consented = useConsentStore.getState().choice?.statistics === true;
    if (analytics && consented) {
      if (send) return;
      const sender = matomoSender(analytics.url, analytics.site_id);
      send = sender;
      setTrackingSink((event, data) => sender(eventParams(event, data)));
      if (router.state.initialized) {
        lastKey = router.state.location.key;
        pageView();
      }
    } else {
      send = null;
      setTrackingSink(null);
      if (!consented) sessionStorage.removeItem(VISITOR_STORAGE_KEY);
    }
  };

  const unsubscribers = [
    useConfigStore.subscribe(update),
    useConsentStore.subscribe(update),
    router.subscribe((state) => {
      if (!state.initialized || state.navigation.state !== 'idle' || state.location.key === lastKey) return;
      lastKey = state.location.key;
      pageView();
    }),
  ];
  update();
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    send = null;
    setTrackingSink(null);
  };
}
