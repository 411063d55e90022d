import { describe, expect, expectTypeOf, it } from 'vitest';
import { chatApi } from './chat.endpoints.ts';
import { type ParamNames, pathOf, post } from './endpoint.ts';
import { allEndpoints, routeKey, tables } from './endpoints.ts';

describe('endpoint tables', () => {
  it('name every method and path once', () => {
    const keys = allEndpoints.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('hold only API paths and the realtime sign-off, each a clean pattern', () => {
    for (const e of allEndpoints) {
      expect(e.path, routeKey(e)).toMatch(/^\/(api|pusher)\/[A-Za-z0-9_./:-]+$/);
      expect(e.path, routeKey(e)).not.toMatch(/\/$|\/\/|:(?![A-Za-z_])/);
    }
  });

  it('are frozen, so no caller can bend a path', () => {
    for (const table of Object.values(tables)) {
      for (const e of Object.values(table)) expect(Object.isFrozen(e)).toBe(true);
    }
  });
});

describe('pathOf', () => {
  it('fills every parameter, percent-encoded', () => {
    expect(pathOf(chatApi.markRead, { chat: 3, partner: 'a/b c' })).toBe(
      '/api/chat/messages/3/a%2Fb%20c/read',
    );
  });

  it('leaves a path without parameters as it is', () => {
    expect(pathOf(chatApi.unread)).toBe('/api/chat/unreadByChat');
  });

  it('refuses a missing or empty parameter rather than sending ":name"', () => {
    expect(() => pathOf(chatApi.messages, {})).toThrow(/"partner" is missing/);
    expect(() => pathOf(chatApi.messages, { partner: '' })).toThrow(/"partner" is missing/);
  });

  it('knows a path’s parameter names in its type', () => {
    expectTypeOf<ParamNames<'/api/chat/messages/:chat/:partner/read'>>().toEqualTypeOf<'chat' | 'partner'>();
    expectTypeOf<ParamNames<'/api/config'>>().toEqualTypeOf<never>();
    expect(post('/api/x/:id').path).toBe('/api/x/:id');
  });
});
