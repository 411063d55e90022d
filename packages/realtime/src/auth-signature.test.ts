import { describe, expect, it } from 'vitest';
import { signChannelAuth, verifyChannelAuth } from './auth-signature.ts';

const app = { id: '1', key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };

describe('channel auth signature', () => {
  it('matches the Pusher test vector for private-foobar on socket 1234.1234', () => {
    expect(signChannelAuth(app, '1234.1234', 'private-foobar')).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });

  it('covers channel_data for presence channels', () => {
    const data = JSON.stringify({ user_id: '10', user_info: { name: 'Mr. Channels' } });
    const auth = signChannelAuth(app, '1234.1234', 'presence-foobar', data);
    expect(verifyChannelAuth(app, '1234.1234', 'presence-foobar', auth, data)).toBe(true);
    expect(verifyChannelAuth(app, '1234.1234', 'presence-foobar', auth, data.replace('10', '11'))).toBe(
      false,
    );
  });

  it('refuses another socket, another channel, a wrong key or a non-string', () => {
    const auth = signChannelAuth(app, '1234.1234', 'private-foobar');
    expect(verifyChannelAuth(app, '1234.1235', 'private-foobar', auth)).toBe(false);
    expect(verifyChannelAuth(app, '1234.1234', 'private-foobaz', auth)).toBe(false);
    expect(verifyChannelAuth(app, '1234.1234', 'private-foobar', auth.replace(app.key, 'other'))).toBe(false);
    expect(verifyChannelAuth(app, '1234.1234', 'private-foobar', 42)).toBe(false);
  });
});
