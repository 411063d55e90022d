import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';

/** Renders one screen at `path` with the providers the app uses; other paths render their name. */
export function renderScreen(
  Screen: ComponentType,
  { path = '/', url = path }: { path?: string; url?: string } = {},
) {
  const router = createMemoryRouter(
    [
      { path, Component: Screen },
      { path: '*', Component: () => <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...utils, router, client };
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Stubs fetch: `answers` by "METHOD /path" (change them during a test), a 404 for anything else.
 * Undo with vi.unstubAllGlobals().
 */
export function stubApi(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const answer = answers[`${init.method ?? 'GET'} ${url}`];
    return answer ? answer() : jsonResponse(404, { message: 'Nicht gefunden.', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * For files that boot the whole app: its first import transforms the app's whole module graph, which on a slow
 * machine alone took longer than a test may (17 s for the first test, measured). Run it once in `beforeAll`
 * with this time limit; each test still boots fresh modules (`vi.resetModules`), which is then quick.
 */
export const warmUpApp = () => import('../app/app.tsx');
export const WARM_UP_MS = 120_000;
