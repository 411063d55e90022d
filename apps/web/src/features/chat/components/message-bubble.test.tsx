import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { buildMessage } from '../../../test/chat-factories.ts';
import { renderScreen } from '../../../test/render.tsx';
import { MessageBubble } from './message-bubble.tsx';

const removedAt = '2026-11-20T10:00:00.000Z';

afterEach(async () => {
  await i18n.changeLanguage('de');
});

describe('issue 16: a chat message removed by moderation', () => {
  it('the recipient sees only "entfernt"', async () => {
    const message = buildMessage({ message: '', removed_at: removedAt });
    renderScreen(() => (
      <MessageBubble kind="stored" message={message} own={false} name="Ben" me={7} writable />
    ));
    expect(await screen.findByText('entfernt')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Begründung und Widerspruch' })).toBeNull();
    // Nothing left to do with it: no options (report, answer) on a removed message.
    expect(screen.queryByRole('button', { name: 'Optionen zur Nachricht' })).toBeNull();
  });

  it('the sender still reads their text, with the way to the statement of reasons', async () => {
    const message = buildMessage({
      user_id: 7,
      recipient_id: 9,
      message: 'Das war zu viel.',
      removed_at: removedAt,
      notice_id: 12,
    });
    renderScreen(() => <MessageBubble kind="stored" message={message} own name="Ben" me={7} writable />);
    expect(await screen.findByText('Das war zu viel.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Begründung und Widerspruch' })).toHaveAttribute(
      'href',
      '/notices/12',
    );
    expect(screen.queryByText('entfernt')).toBeNull();
    // Neither edited nor deleted by the sender any more: the decision stands until an appeal.
    expect(screen.queryByRole('button', { name: 'Optionen zur Nachricht' })).toBeNull();
  });

  it('in English: "removed" for the recipient, the words and "Reasons and appeal" for the sender', async () => {
    await i18n.changeLanguage('en');
    const forRecipient = buildMessage({ message: '', removed_at: removedAt });
    const forSender = buildMessage({
      user_id: 7,
      message: 'That was too much.',
      removed_at: removedAt,
      notice_id: 12,
    });
    renderScreen(() => (
      <>
        <MessageBubble kind="stored" message={forRecipient} own={false} name="Ben" me={9} writable />
        <MessageBubble kind="stored" message={forSender} own name="Ben" me={7} writable />
      </>
    ));
    expect(await screen.findByText('removed')).toBeInTheDocument();
    expect(screen.getByText('That was too much.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reasons and appeal' })).toHaveAttribute('href', '/notices/12');
  });
});
