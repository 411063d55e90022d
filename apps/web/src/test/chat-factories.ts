import type { ChatMessage } from '@trostnetz/contracts/chat';
import type { Partner } from '@trostnetz/contracts/partners';

export function buildPartner(overrides: Partial<Partner> = {}): Partner {
  return {
    id: 9,
    chat_id: 3,
    nickname: 'Jonas',
    avatar: null,
    has_messages: true,
    friend_status: 2,
    online: true,
    is_suggestion: false,
    reason: [],
    request_message: null,
    supporter: false,
    befriended_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A message from the partner (9) to the member (7) unless overridden. */
export function buildMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1,
    chat_id: 3,
    user_id: 9,
    recipient_id: 7,
    message: 'Hallo',
    client_id: null,
    send_at: new Date().toISOString(),
    read_at: null,
    edited_at: null,
    deleted_at: null,
    removed_at: null,
    notice_id: null,
    ...overrides,
  };
}
