import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import {
  LAST_SEEN_INTERVAL_MS,
  USER_REFRESH_INTERVAL_MS,
  useSessionHeartbeat,
} from './use-session-heartbeat.ts';

const fetchMock = vi.fn();
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((url: string) =>
    Promise.resolve(
      url === '/api/profile/init'
        ? new Response(JSON.stringify(buildUser()), { status: 200 })
        : new Response(null, { status: 204 }),
    ),
  );
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  visibility = 'visible';
});

const calls = (path: string) => fetchMock.mock.calls.filter(([u]) => u === path).length;

describe('SPEC.md §9 heartbeat', () => {
  it('POST last_seen at once, then every 60 s while authenticated and the page is visible', async () => {
    const { unmount } = renderHook(() => useSessionHeartbeat(true));
    expect(LAST_SEEN_INTERVAL_MS).toBe(60_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls('/api/profile/last_seen')).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls('/api/profile/last_seen')).toBe(2);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls('/api/profile/last_seen')).toBe(2);
    unmount();
  });

  it('POST last_seen as soon as the page comes back into view', async () => {
    visibility = 'hidden';
    const { unmount } = renderHook(() => useSessionHeartbeat(true));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls('/api/profile/last_seen')).toBe(0);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls('/api/profile/last_seen')).toBe(1);
    unmount();
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls('/api/profile/last_seen')).toBe(1);
  });

  it('refreshes the member every 60 minutes', async () => {
    const { unmount } = renderHook(() => useSessionHeartbeat(true));
    expect(USER_REFRESH_INTERVAL_MS).toBe(3_600_000);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(calls('/api/profile/init')).toBe(1);
    unmount();
  });

  it('does nothing when signed out', async () => {
    renderHook(() => useSessionHeartbeat(false));
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
