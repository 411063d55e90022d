import { useQueryClient } from '@tanstack/react-query';
import { chatChannel } from '@trostnetz/contracts/realtime-events';
import { useCallback, useEffect, useRef, useState } from 'react';
import { markPartnerOnline } from '../../../domain/partners/partners.ts';
import { type ExtraChannel, joinChannel } from '../../../lib/realtime.ts';

const SEND_EVERY_MS = 3_000;
const SHOW_FOR_MS = 5_000;

/**
 * The typing indicator over the client event `client-typing` on the pair's conversation channel:
 * sent at most every 3 s while typing, shown for 5 s after the partner's last one.
 */
export function useTyping({
  chatId,
  partnerId,
  me,
  enabled,
}: {
  chatId: number;
  partnerId: number;
  me: number;
  enabled: boolean;
}) {
  const client = useQueryClient();
  const [partnerTyping, setPartnerTyping] = useState(false);
  const channel = useRef<ExtraChannel | null>(null);
  const lastSent = useRef(0);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!enabled) return;
    channel.current = joinChannel('chat', chatChannel(chatId), {
      'client-typing': ({ user_id }) => {
        if (user_id !== partnerId) return;
        markPartnerOnline(client, partnerId);
        setPartnerTyping(true);
        clearTimeout(hideTimer.current);
        hideTimer.current = setTimeout(() => setPartnerTyping(false), SHOW_FOR_MS);
      },
    });
    return () => {
      clearTimeout(hideTimer.current);
      channel.current?.leave();
      channel.current = null;
      setPartnerTyping(false);
    };
  }, [chatId, partnerId, enabled, client]);

  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < SEND_EVERY_MS) return;
    if (channel.current?.trigger('client-typing', { user_id: me })) lastSent.current = now;
  }, [me]);

  const stopShowing = useCallback(() => {
    clearTimeout(hideTimer.current);
    setPartnerTyping(false);
  }, []);

  /** After a send the partner should see the next keystroke again at once. */
  const sent = useCallback(() => {
    lastSent.current = 0;
  }, []);

  return { partnerTyping, notifyTyping, sent, stopShowing };
}
