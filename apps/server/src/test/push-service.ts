import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error http_ece (web-push's own encryption library) ships no types
import ece from 'http_ece';

/** A self-signed certificate for the stand-in push service (web-push speaks https only). */
function selfSigned() {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-tls-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** A stand-in push service on 127.0.0.1 (https) that records what it receives and answers `status`. */
export async function pushService(status = 201) {
  // Only this test process trusts the stand-in's self-signed certificate.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const received: { url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
  const server: Server = createServer(selfSigned(), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}/push`;
  return {
    url: `${base}/${randomBytes(4).toString('hex')}`,
    /** A further browser's endpoint at the same service (the path it received at is each push's `url`). */
    another: () => `${base}/${randomBytes(4).toString('hex')}`,
    received,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** A browser's push keys, as PushManager.subscribe makes them. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** What the browser holding `keys` reads from a push body (aes128gcm, RFC 8291). */
export function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): unknown {
  const plain = ece.decrypt(body, {
    version: 'aes128gcm',
    privateKey: keys.ecdh,
    authSecret: keys.auth.toString('base64url'),
  }) as Buffer;
  return JSON.parse(plain.toString('utf8'));
}
