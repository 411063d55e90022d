import { afterEach, describe, expect, it } from 'vitest';
import {
  clearStaffToken,
  getStaffToken,
  onStaffTokenChange,
  STAFF_TOKEN_KEY,
  saveStaffToken,
} from './staff-session.ts';

afterEach(() => sessionStorage.clear());

describe('issue 16: the staff session is short and kept apart', () => {
  it('lives in sessionStorage under its own key, never in the member cookies or localStorage', () => {
    saveStaffToken({ token: 't1', expires_at: new Date(Date.now() + 60_000).toISOString() });
    expect(getStaffToken()).toBe('t1');
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toContain('t1');
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('an expired staff token is dropped, not sent', () => {
    saveStaffToken({ token: 't2', expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(getStaffToken()).toBeNull();
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
  });

  it('listeners hear sign-in and sign-out (the console layout sends to /nova/login)', () => {
    const heard: Array<string | null> = [];
    const off = onStaffTokenChange((t) => heard.push(t));
    saveStaffToken({ token: 't3', expires_at: new Date(Date.now() + 60_000).toISOString() });
    clearStaffToken();
    off();
    saveStaffToken({ token: 't4', expires_at: new Date(Date.now() + 60_000).toISOString() });
    expect(heard).toEqual(['t3', null]);
  });

  it('garbage in storage counts as signed out', () => {
    sessionStorage.setItem(STAFF_TOKEN_KEY, '{not json');
    expect(getStaffToken()).toBeNull();
  });
});
