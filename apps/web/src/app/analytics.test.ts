import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fallbackConfig, useConfigStore } from '../lib/config.ts';
import { useConsentStore } from '../lib/consent.ts';
import { track } from '../lib/track.ts';
import { startAnalytics, VISITOR_STORAGE_KEY } from './analytics.ts';
import { routes } from './route-meta.ts';

const routeFor = (meta: (typeof routes)[keyof typeof routes]) => ({
  path: meta.path,
  handle: meta,
  Component: () => null,
});

let beacons: Array<{ url: string; params: Record<string, string> }>;
let stop: () => void;

function start(at: string) {
  const router = createMemoryRouter(
    [routeFor(routes.dashboard), routeFor(routes['chat-with']), routeFor(routes.verification)],
    { initialEntries: [at] },
  );
  stop = startAnalytics(router);
  return router;
}

const configure = (analytics: { url: string; site_id: number } | null) =>
  useConfigStore.setState({ config: { ...fallbackConfig, analytics }, loaded: true });

beforeEach(() => {
  beacons = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: vi.fn((url: string, body: URLSearchParams) => {
      beacons.push({ url, params: Object.fromEntries(body) });
      return true;
    }),
  });
  useConsentStore.setState({ choice: null });
  configure(null);
});
afterEach(() => stop());

describe('SPEC.md §7 statistics tracking (site id 4)', () => {
  it('sends nothing before the member consents to statistics cookies, even when configured', async () => {
    configure({ url: 'https://stats.example.org/', site_id: 4 });
    const router = start('/dashboard');
    await router.navigate('/chat/7');
    track('chat_message_sent');
    useConsentStore.getState().decide(false);
    track('watchlist_add');
    expect(beacons).toEqual([]);
    expect(sessionStorage.getItem(VISITOR_STORAGE_KEY)).toBeNull();
  });

  it('sends nothing without a configured statistics tool, even with consent', async () => {
    useConsentStore.getState().decide(true);
    const router = start('/dashboard');
    await router.navigate('/chat/7');
    track('chat_message_sent');
    expect(beacons).toEqual([]);
  });

  it('after consent: a page view names the route pattern (never an id), events carry no content', async () => {
    configure({ url: 'https://stats.example.org/', site_id: 4 });
    const router = start('/chat/7');
    useConsentStore.getState().decide(true);
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('https://stats.example.org/matomo.php');
    expect(beacons[0]!.params).toMatchObject({
      idsite: '4',
      rec: '1',
      url: `${window.location.origin}/chat/:id`,
      action_name: 'chat-with',
    });
    const visitor = beacons[0]!.params._id;
    expect(visitor).toMatch(/^[0-9a-f]{16}$/);

    track('chat_message_sent');
    expect(beacons[1]!.params).toMatchObject({ idsite: '4', e_c: 'chat', e_a: 'message sent', _id: visitor });
    track('questionnaire_next_step', { step: 3 });
    expect(beacons[2]!.params).toMatchObject({
      e_c: 'questionnaire',
      e_a: 'next step',
      e_n: 'step',
      e_v: '3',
    });

    await router.navigate('/dashboard');
    expect(beacons[3]!.params).toMatchObject({
      url: `${window.location.origin}/dashboard`,
      action_name: 'dashboard',
    });
    expect(JSON.stringify(beacons)).not.toContain('/chat/7');
  });

  it('SPEC.md §2: the verification link is never tracked', async () => {
    configure({ url: 'https://stats.example.org/', site_id: 4 });
    useConsentStore.getState().decide(true);
    const router = start('/dashboard');
    await router.navigate('/email/verify/12/abcdef?expires=1&signature=secret');
    expect(beacons.map((b) => b.params.action_name)).toEqual(['dashboard']);
    expect(JSON.stringify(beacons)).not.toContain('secret');
  });

  it('withdrawing consent stops tracking at once and forgets the visitor id', async () => {
    configure({ url: 'https://stats.example.org/', site_id: 4 });
    useConsentStore.getState().decide(true);
    const router = start('/dashboard');
    expect(sessionStorage.getItem(VISITOR_STORAGE_KEY)).toMatch(/^[0-9a-f]{16}$/);
    useConsentStore.getState().reopen();
    await router.navigate('/chat/7');
    track('partner_invite');
    expect(beacons).toHaveLength(1);
    expect(sessionStorage.getItem(VISITOR_STORAGE_KEY)).toBeNull();
  });
});
