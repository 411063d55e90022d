import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Partner } from '@trostnetz/contracts/partners';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followFriendshipEvents } from '../../../domain/friendship/friendship.ts';
import { realtimeBus } from '../../../lib/realtime.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, renderScreen } from '../../../test/render.tsx';
import { DashboardScreen } from './dashboard-screen.tsx';

const buildPartner = (overrides: Partial<Partner> = {}): Partner => ({
  id: 21,
  chat_id: 5,
  nickname: 'Jonas',
  avatar: null,
  has_messages: false,
  friend_status: 3,
  online: true,
  is_suggestion: true,
  reason: [{ question: 'Was hast du erlebt?', answers: ['Tod eines Haustiers'] }],
  request_message: null,
  supporter: false,
  befriended_at: null,
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const fetchMock = vi.fn();
let statusAnswer: () => Response;
let suggestions: Partner[];
let narrowedBy: string[];
let partners: Partner[];
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  suggestions = [buildPartner()];
  narrowedBy = [];
  partners = [buildPartner()];
  statusAnswer = () => jsonResponse(200, { success: true, matching_status: false });
  fetchMock.mockImplementation(async (url: string) => {
    if (url === '/api/user/matching/suggestions')
      return jsonResponse(200, { suggestions, limit: 3, narrowed_by: narrowedBy });
    if (url === '/api/chat/partners') return jsonResponse(200, partners);
    if (url === '/api/user/matching/status') return statusAnswer();
    if (url === '/api/dashboard/feeds')
      return jsonResponse(200, { replies: [], partner_posts: [], loss_posts: [] });
    return jsonResponse(404, {});
  });
  useUserStore.getState().setUser(buildUser({ matching_status: true }));
});
afterEach(() => vi.unstubAllGlobals());

const pauseSwitch = () => screen.findByRole('switch', { name: 'Neue Vorschläge erhalten' });

describe('dashboard: suggestions and requests', () => {
  it('shows each suggestion with "Warum ihr passt", online state and the first step', async () => {
    renderScreen(DashboardScreen, { path: '/dashboard' });
    const card = (await screen.findByRole('heading', { name: 'Jonas' })).closest('article') as HTMLElement;
    expect(within(card).getByText('Warum ihr passt')).toBeInTheDocument();
    expect(within(card).getByText('Tod eines Haustiers')).toBeInTheDocument();
    expect(within(card).getAllByText('online').length).toBeGreaterThan(0);
    expect(within(card).getByRole('button', { name: /Kontakt anfragen/ })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Profil ansehen/ })).toHaveAttribute('href', '/profile/21');
  });

  it('a received request (friend_status 1) shows its message with accept and deny', async () => {
    partners = [
      buildPartner({ friend_status: 1, is_suggestion: false, request_message: 'Magst du schreiben?' }),
    ];
    renderScreen(DashboardScreen, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Eine Kontaktanfrage an dich' })).toBeInTheDocument();
    expect(screen.getByText('Magst du schreiben?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Annehmen\s+Jonas$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Ablehnen\s+Jonas$/ })).toBeInTheDocument();
  });

  it('empty state says what happens next', async () => {
    suggestions = [];
    partners = [];
    renderScreen(DashboardScreen, { path: '/dashboard' });
    expect(
      await screen.findByRole('heading', { name: 'Gerade gibt es keine neuen Vorschläge' }),
    ).toBeInTheDocument();
  });

  it("zero suggestions explain which of the member's own wishes cause it and offer to widen them", async () => {
    suggestions = [];
    partners = [];
    narrowedBy = ['partner_gender'];
    const { unmount } = renderScreen(DashboardScreen, { path: '/dashboard' });
    expect(
      await screen.findByText(
        'Gerade passt niemand zu deinem Wunsch zum Geschlecht deiner Trostpartner. Wenn du ihn weiter fasst, können wir dir Menschen vorschlagen, die Ähnliches erlebt haben.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wunsch anpassen' })).toHaveAttribute(
      'href',
      '/profile#profile-answers',
    );
    unmount();
    narrowedBy = ['partner_gender', 'partner_age'];
    renderScreen(DashboardScreen, { path: '/dashboard' });
    expect(await screen.findByRole('link', { name: 'Wünsche anpassen' })).toBeInTheDocument();
    expect(screen.getByText(/zugleich zu deinen Wünschen zum Geschlecht und zum Alter/)).toBeInTheDocument();
  });

  it('a live NewChatContact reloads the suggestions (through the one live-event follower)', async () => {
    suggestions = [];
    const { client } = renderScreen(DashboardScreen, { path: '/dashboard' });
    const stop = followFriendshipEvents(client);
    await screen.findByRole('heading', { name: 'Gerade gibt es keine neuen Vorschläge' });
    suggestions = [buildPartner({ id: 22, nickname: 'Mira' })];
    act(() => realtimeBus.emit('NewChatContact', { contact: suggestions[0]!, friend_status: 3 }));
    expect(await screen.findByRole('heading', { name: 'Mira' })).toBeInTheDocument();
    stop();
  });
});

describe('SPEC.md §4 Matching: the status toggles only when the server replies success', () => {
  it('{success: true} pauses: the switch turns off and explains that paused members are not suggested', async () => {
    renderScreen(DashboardScreen, { path: '/dashboard' });
    const toggle = await pauseSwitch();
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(useUserStore.getState().user?.matching_status).toBe(false);
    expect(screen.getAllByText(/wirst anderen nicht vorgeschlagen/).length).toBeGreaterThan(0);
  });

  it('{success: false} leaves the switch on and says so', async () => {
    statusAnswer = () => jsonResponse(200, { success: false, matching_status: false });
    renderScreen(DashboardScreen, { path: '/dashboard' });
    const toggle = await pauseSwitch();
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Einstellung konnte gerade nicht geändert werden.',
    );
    expect(toggle).toBeChecked();
    expect(useUserStore.getState().user?.matching_status).toBe(true);
  });

  it('a failed request leaves the switch unchanged too', async () => {
    statusAnswer = () => jsonResponse(500, { message: 'x', code: 'internal' });
    renderScreen(DashboardScreen, { path: '/dashboard' });
    const toggle = await pauseSwitch();
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });
});
