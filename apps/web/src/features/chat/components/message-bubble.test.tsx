import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMessage } from '../../../test/chat-factories.ts';
import { renderScreen } from '../../../test/render.tsx';
import { MessageBubble } from './message-bubble.tsx';

const removedAt = '2026-11-20T10:00:00.000Z';

describe('issue 16: a chat message removed by moderation', () => {
  it('the recipient sees only "entfernt"', async () => {
    const message = buildMessage({ message: '', removed_at: removedAt });
    renderScreen(() => (
      <MessageBubble kind="stored" message={message} own={false} name="Ben" me={7} writable />
    ));
    expect(await screen.findByText('entfernt')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Begründung und Widerspruch' })).toBeNull();
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
  });
});
