import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../lib/cookies.ts';
import { buildUser } from '../test/factories.ts';
import { jsonResponse, WARM_UP_MS, warmUpApp } from '../test/render.tsx';

const config = {
  app_name: 'Trostnetz',
  onboarding_url: '/onboarding',
  pusher: { key: '', cluster: 'eu', host: null, port: null, scheme: null },
  analytics: null,
};
const refused = {
  message: 'Bitte beantworte zuerst die Fragen zu deiner Situation.',
  code: 'onboarding_required',
};

/** The API before onboarding: the member is known, everything that needs the questionnaire answers 403. */
const fetchMock = vi.fn(async (url: string) => {
  if (url === '/api/config') return jsonResponse(200, config);
  if (url === '/api/profile/init') return jsonResponse(200, buildUser({ matching_step: 2 }));
  return jsonResponse(403, refused);
});

async function boot(url: string) {
  vi.resetModules();
  setCookie('prod-access-token', 'acc');
  setCookie('prod-refresh-token', 'ref');
  const { App, createAppRouter } = await import('./app.tsx');
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [url] }));
  render(<App router={router} />);
  return router;
}

beforeAll(warmUpApp, WARM_UP_MS);

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('issue 9 item 17: before onboarding, screens that need the questionnaire say so instead of failing', () => {
  it.each([
    ['/chat', 'Nachrichten'],
    ['/chat/9', 'Gespräch'],
    ['/watchlist', 'Merkliste'],
    ['/blocklist', 'Ausgeblendete Profile'],
    ['/profile/5', 'Profil'],
    ['/friend-request/12', 'Kontaktanfrage'],
    ['/groups', 'Gruppen'],
    ['/groups/3', 'Gruppe'],
    ['/groups/3/posts/4', 'Beitrag'],
  ])(
    '%s shows the "answer the questions first" hint',
    async (url, title) => {
      const router = await boot(url);
      expect(
        await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5_000 }),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('heading', { level: 2, name: 'Erzähl uns ein wenig von dir' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Fragebogen beantworten' })).toHaveAttribute(
        'href',
        '/onboarding',
      );
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByText(refused.message)).toBeNull();
      expect(router.state.location.pathname).toBe(url);
      // Nothing was asked of the API that it can only refuse (the bell's notifications are for every
      // verified member).
      const allowed = ['/api/config', '/api/profile/init', '/api/profile/last_seen', '/api/notifications'];
      expect(fetchMock.mock.calls.map(([u]) => u).filter((u) => !allowed.includes(u))).toEqual([]);
    },
    20_000,
  );
});
