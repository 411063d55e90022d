import type { SessionView } from '@trostnetz/contracts/settings';
import { clientInfo } from '../auth/client-info.ts';

export function presentSession(
  s: { id: string; userAgent: string | null; createdAt: Date; lastUsedAt: Date },
  currentId: string,
): SessionView {
  const c = clientInfo(s.userAgent);
  return {
    id: s.id,
    browser: c.browser,
    os: c.os,
    device: c.device,
    device_model: c.deviceModel,
    created_at: s.createdAt.toISOString(),
    last_used_at: s.lastUsedAt.toISOString(),
    current: s.id === currentId,
  };
}
