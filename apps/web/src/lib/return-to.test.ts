import { describe, expect, it } from 'vitest';
import { returnTarget, safeReturnPath, withReturnTo } from './return-to.ts';

describe('issue 9 item 16: where a member was going is kept as a same-origin path only', () => {
  it.each([
    ['/friend-request/12', '/friend-request/12'],
    ['/chat/9', '/chat/9'],
    ['/profile/5?from=mail#reason', '/profile/5?from=mail#reason'],
    ['/email/verify/1/abc?expires=1&signature=x', '/email/verify/1/abc?expires=1&signature=x'],
  ])('%s is kept', (raw, kept) => {
    expect(safeReturnPath(raw)).toBe(kept);
  });

  it.each([
    '//evil.example',
    '//evil.example/chat/9',
    'https://evil.example',
    'https://evil.example/friend-request/12',
    'http:evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' //evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'chat/9',
    '',
    null,
    undefined,
    `/${'a'.repeat(2100)}`,
  ])('%j is refused: never an open redirect', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it.each([
    '/login',
    '/login?next=%2Fchat%2F9',
    '/register',
    '/forgot-password',
    '/password/reset/abc',
    '/please-verify',
    '/',
  ])('%s is no target (it would send the member round in a circle)', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('travels in the query string, encoded, and is read back only when safe', () => {
    expect(withReturnTo('/login', '/friend-request/12')).toBe('/login?next=%2Ffriend-request%2F12');
    expect(withReturnTo('/login', '//evil.example')).toBe('/login');
    expect(withReturnTo('/login', null)).toBe('/login');
    expect(withReturnTo('/onboarding?step=1', '/chat/9')).toBe('/onboarding?step=1&next=%2Fchat%2F9');
    expect(returnTarget('?next=%2Fchat%2F9')).toBe('/chat/9');
    expect(returnTarget('?next=%2F%2Fevil.example')).toBeNull();
    expect(returnTarget('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnTarget('')).toBeNull();
  });
});
