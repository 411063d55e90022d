import { screen, within } from '@testing-library/react';
import type { NotificationItem } from '@trostnetz/contracts/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { jsonResponse, renderScreen, stubApi } from '../../../test/render.tsx';
import { NotificationList } from './notification-list.tsx';

const item = (overrides: Partial<NotificationItem>): NotificationItem => ({
  id: 1,
  kind: 'friend_accepted',
  actor: { id: 21, nickname: 'Jonas' },
  count: 1,
  url: '/chat/21',
  post_id: null,
  words: null,
  created_at: '2026-01-02T10:00:00.000Z',
  read: true,
  ...overrides,
});

function show(data: NotificationItem[]) {
  stubApi({
    'GET /api/notifications': () => jsonResponse(200, { data, unread: 0 }),
    'POST /api/notifications/read': () => jsonResponse(200, { unread: 0 }),
  });
  renderScreen(NotificationList);
}
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
});

describe('notification centre: words at a friendship’s turning points', () => {
  it('shows what the partner wrote when accepting, declining, withdrawing or ending, with what happened', async () => {
    show([
      item({ id: 1, words: { action: 'accept', message: 'Schön, dass du fragst.' } }),
      item({
        id: 2,
        kind: 'friend_words',
        url: '/profile/21',
        words: { action: 'deny', message: 'Verzeih, gerade nicht.' },
      }),
      item({
        id: 3,
        kind: 'friend_words',
        url: '/profile/21',
        words: { action: 'retract', message: 'Ich war zu schnell.' },
      }),
      item({
        id: 4,
        kind: 'friend_words',
        url: '/profile/21',
        words: { action: 'remove', message: 'Danke für alles.' },
      }),
      item({ id: 5, kind: 'chat_message', count: 2 }),
    ]);
    const entries = await screen.findAllByRole('listitem');
    expect(entries).toHaveLength(5);
    const [accepted, denied, retracted, removed, chat] = entries as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(accepted).getByText('Jonas hat deine Anfrage angenommen')).toBeInTheDocument();
    expect(within(accepted).getByText('Schön, dass du fragst.')).toBeInTheDocument();
    expect(within(denied).getByText('Jonas hat deine Anfrage abgelehnt')).toBeInTheDocument();
    expect(within(denied).getByText('Verzeih, gerade nicht.')).toBeInTheDocument();
    expect(within(retracted).getByText('Jonas hat die Anfrage an dich zurückgezogen')).toBeInTheDocument();
    expect(within(removed).getByText('Jonas hat eure Verbindung beendet')).toBeInTheDocument();
    expect(within(removed).getByRole('link')).toHaveAttribute('href', '/profile/21');
    expect(chat.querySelector('[data-words]')).toBeNull();
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    show([
      item({
        id: 2,
        kind: 'friend_words',
        url: '/profile/21',
        words: { action: 'remove', message: 'Take care.' },
      }),
    ]);
    expect(await screen.findByText('Jonas ended your connection')).toBeInTheDocument();
    expect(screen.getByText('Take care.')).toBeInTheDocument();
  });
});
