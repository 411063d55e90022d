import { HAS_SEEN_ELEMENTS } from '@trostnetz/contracts/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureSessionHooks } from '../../../lib/api-client.ts';
import { saveTokens } from '../../../lib/tokens.ts';
import { markSeen } from './has-seen.ts';

afterEach(() => vi.unstubAllGlobals());

describe('markSeen (POST /api/user/has-seen)', () => {
  it('issue 9 item 10: sends a key of the fixed list and keeps the answered list', async () => {
    saveTokens({ token: 'acc', refresh_token: 'ref' });
    configureSessionHooks({ clearSession: vi.fn(), onSessionExpired: vi.fn() });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ has_seen: ['welcome-tour'] })));
    vi.stubGlobal('fetch', fetchMock);
    expect(HAS_SEEN_ELEMENTS).toContain('welcome-tour');
    expect(await markSeen({ element: 'welcome-tour' })).toEqual(['welcome-tour']);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ element: 'welcome-tour' });
  });

  it('issue 9 item 10: a key outside the list is refused before anything is sent', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    // @ts-expect-error the type allows only keys of HAS_SEEN_ELEMENTS
    await expect(markSeen({ element: 'made-up-hint' })).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
