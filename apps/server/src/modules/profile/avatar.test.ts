import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { AVATAR_MAX_BYTES } from '@trostnetz/contracts/profile';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatars } from '../../db/schema/profile.ts';
import { users } from '../../db/schema/users.ts';
import { eraseMember, exportMember } from '../../lifecycle/member-data-table.ts';
import { type MemberTokens, onboardMember, registerMember, verifyMember } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A multipart/form-data body with one file part (or none), as a browser's FormData sends it. */
function form(file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----trostnetz${randomBytes(8).toString('hex')}`;
  const parts = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      ]
    : [];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  m: MemberTokens,
  file?: { name: string; type: string; bytes: Buffer },
  app: TestApp = t,
) {
  const { payload, headers } = form(file);
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/profile/avatar',
    payload,
    headers: { ...headers, authorization: `Bearer ${m.token}` },
  });
  return { status: res.statusCode, json: res.json() as Record<string, unknown> };
}

async function fetchImage(viewer: MemberTokens | null, path: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: path,
    headers: viewer ? { authorization: `Bearer ${viewer.token}` } : {},
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, body: res.body };
}

const avatarOf = async (m: MemberTokens) =>
  (await call(t, 'GET', '/api/profile/init', { token: m.token })).json.avatar as string | null;
const storedRow = async (m: MemberTokens) =>
  (await t.app.ctx.db.select().from(avatars).where(eq(avatars.userId, m.id)))[0];

const photo = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#7a9cc6' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Trostnetz GPS test' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 36/1',
      },
    })
    .toBuffer();

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A real 1-bit greyscale PNG of any size: all-zero rows deflate to almost nothing (a decompression bomb). */
function blankPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A valid PNG padded with a private ancillary chunk to exactly `total` bytes. */
async function pngOfSize(total: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c69a7a' } })
    .png()
    .toBuffer();
  const iend = png.subarray(png.length - 12);
  const pad = total - png.length - 12;
  return Buffer.concat([png.subarray(0, png.length - 12), chunk('ruBy', Buffer.alloc(pad, 0x61)), iend]);
}

describe('POST /api/profile/avatar', () => {
  it('re-encodes a JPEG to a square WebP in two sizes, served under a content hash and cached for a year', async () => {
    const m = await onboardMember(t);
    const res = await upload(m, { name: 'urlaub.jpg', type: 'image/jpeg', bytes: await photo() });
    expect(res.status).toBe(200);
    const path = res.json.avatar as string;
    expect(path).toMatch(/^\/api\/avatars\/[a-f0-9]{32}\/[a-f0-9]{16}\/large$/);
    expect(await avatarOf(m)).toBe(path);
    expect((await call(t, 'GET', '/api/profile/me', { token: m.token })).json.avatar).toBe(path);
    for (const [size, px] of [
      ['large', 512],
      ['small', 128],
    ] as const) {
      const img = await fetchImage(m, path.replace(/large$/, size));
      expect(img.status).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      // Only for the signed-in viewer: kept by their browser, never by a shared cache in between.
      expect(img.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const meta = await sharp(img.bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: px, height: px });
    }
  });

  it('a JPEG with GPS EXIF comes back without it (no EXIF, XMP or ICC at all)', async () => {
    const m = await onboardMember(t);
    const original = await photo();
    const before = await sharp(original).metadata();
    expect(before.exif?.includes(Buffer.from('Trostnetz GPS test'))).toBe(true);
    expect(
      before.exif?.includes(Buffer.from([0x25, 0x88])) || before.exif?.includes(Buffer.from([0x88, 0x25])),
    ).toBe(true);
    const path = (await upload(m, { name: 'gps.jpg', type: 'image/jpeg', bytes: original })).json
      .avatar as string;
    for (const size of ['large', 'small']) {
      const img = await fetchImage(m, path.replace(/large$/, size));
      const meta = await sharp(img.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(img.bytes.includes(Buffer.from('Exif'))).toBe(false);
      expect(img.bytes.includes(Buffer.from('Trostnetz GPS test'))).toBe(false);
    }
    const row = await storedRow(m);
    expect(row!.large.includes(Buffer.from('Trostnetz'))).toBe(false);
  });

  it('the type comes from the magic bytes: a PNG and a WebP named and declared as something else are taken', async () => {
    const m = await onboardMember(t);
    const png = await sharp({ create: { width: 300, height: 500, channels: 4, background: '#ffffff80' } })
      .png()
      .toBuffer();
    expect((await upload(m, { name: 'bild.txt', type: 'text/plain', bytes: png })).status).toBe(200);
    const webp = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await upload(m, { name: 'bild.gif', type: 'image/gif', bytes: webp })).status).toBe(200);
  });

  it('size limit: exactly 6 MB is taken, one byte more is 413', async () => {
    const m = await onboardMember(t);
    const fits = await pngOfSize(AVATAR_MAX_BYTES);
    expect(fits.length).toBe(6 * 1024 * 1024);
    expect((await upload(m, { name: 'gross.png', type: 'image/png', bytes: fits })).status).toBe(200);
    const first = await avatarOf(m);
    const over = await upload(m, {
      name: 'zu-gross.png',
      type: 'image/png',
      bytes: await pngOfSize(AVATAR_MAX_BYTES + 1),
    });
    expect(over.status).toBe(413);
    expect(over.json.code).toBe('payload_too_large');
    expect(await avatarOf(m)).toBe(first);
  });

  it('pixel limit: 40 megapixels are taken, one row more is 413 before decoding', async () => {
    const m = await onboardMember(t);
    expect(
      (await upload(m, { name: 'weit.png', type: 'image/png', bytes: blankPng(8000, 5000) })).status,
    ).toBe(200);
    const first = await avatarOf(m);
    const over = await upload(m, { name: 'weiter.png', type: 'image/png', bytes: blankPng(8000, 5001) });
    expect(over.status).toBe(413);
    expect(await avatarOf(m)).toBe(first);
  });

  it('bad input is 4xx and changes nothing: PDF as .jpg, 7 MB, decompression bomb, polyglot, no file, no multipart', async () => {
    const m = await onboardMember(t);
    const good = (await upload(m, { name: 'ok.jpg', type: 'image/jpeg', bytes: await photo(200, 200) })).json
      .avatar as string;
    const row = await storedRow(m);
    const pdf = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const bomb = blankPng(20000, 20000);
    expect(bomb.length).toBeLessThan(100_000);
    // JPEG magic bytes in front of an HTML page with a script: detected as JPEG, but no picture in it.
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0<html><script>alert(document.cookie)</script></html>'),
    ]);
    const cases: Array<[string, Awaited<ReturnType<typeof upload>>, number]> = [
      ['pdf renamed', await upload(m, { name: 'foto.jpg', type: 'image/jpeg', bytes: pdf }), 415],
      [
        '7 MB',
        await upload(m, { name: 'riesig.png', type: 'image/png', bytes: await pngOfSize(7 * 1024 * 1024) }),
        413,
      ],
      ['bomb', await upload(m, { name: 'bombe.png', type: 'image/png', bytes: bomb }), 413],
      ['polyglot', await upload(m, { name: 'poly.jpg', type: 'image/jpeg', bytes: polyglot }), 422],
      ['svg', await upload(m, { name: 'x.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg/>') }), 415],
      ['empty file', await upload(m, { name: 'leer.jpg', type: 'image/jpeg', bytes: Buffer.alloc(0) }), 422],
      ['no file', await upload(m), 422],
    ];
    for (const [label, res, status] of cases) expect(res.status, label).toBe(status);
    const json = await call(t, 'POST', '/api/profile/avatar', { token: m.token, body: { avatar: 'x' } });
    expect(json.status).toBe(415);
    expect(await avatarOf(m)).toBe(good);
    expect(await storedRow(m)).toEqual(row);
  });

  it('a polyglot that is a real picture keeps only its pixels: the appended payload is gone', async () => {
    const m = await onboardMember(t);
    const payload = Buffer.from('PK\x03\x04<script>alert(1)</script>');
    const bytes = Buffer.concat([await photo(300, 300), payload]);
    const res = await upload(m, { name: 'poly.jpg', type: 'image/jpeg', bytes });
    expect(res.status).toBe(200);
    const img = await fetchImage(m, res.json.avatar as string);
    expect(img.bytes.includes(Buffer.from('<script>'))).toBe(false);
    expect((await sharp(img.bytes).metadata()).format).toBe('webp');
  });

  it('uploads are rate limited per member: 429 once the allowance is used up, others unaffected', async () => {
    const limited = await createTestApp({
      rateLimits: { ...t.config.rateLimits, avatarUpload: { max: 2, timeWindow: 60_000 } },
    });
    try {
      const a = await onboardMember(limited);
      const b = await onboardMember(limited);
      const bytes = await photo(64, 64);
      const send = async (m: MemberTokens) =>
        (await upload(m, { name: 'a.jpg', type: 'image/jpeg', bytes }, limited)).status;
      expect([await send(a), await send(a), await send(a)]).toEqual([200, 200, 429]);
      expect(await send(b)).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/avatar', ...form() });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/avatars/…: only for members who may see the profile', () => {
  it('a visible member sees it; hidden either way, a deleted owner, a stale hash or an unknown name: the same 404', async () => {
    const owner = await onboardMember(t);
    const viewer = await onboardMember(t, { languages: ['en'] });
    const hider = await onboardMember(t, { languages: ['en'] });
    const path = (await upload(owner, { name: 'a.jpg', type: 'image/jpeg', bytes: await photo() })).json
      .avatar as string;
    expect((await fetchImage(viewer, path)).status).toBe(200);
    expect((await fetchImage(null, path)).status).toBe(401);

    await call(t, 'POST', '/api/block', { token: owner.token, body: { userId: hider.id } });
    const hidden = await fetchImage(hider, path);
    const unknown = await fetchImage(viewer, `/api/avatars/${'0'.repeat(32)}/${'0'.repeat(16)}/large`);
    const stale = await fetchImage(viewer, path.replace(/\/[a-f0-9]{16}\//, `/${'f'.repeat(16)}/`));
    for (const res of [hidden, unknown, stale]) {
      expect(res.status).toBe(404);
      expect(res.body).toBe(unknown.body);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    await t.app.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, owner.id));
    expect((await fetchImage(viewer, path)).status).toBe(404);
  });

  it('a member who may not see a profile may not fetch its avatar: before the questionnaire is done, only their own', async () => {
    const owner = await onboardMember(t);
    const path = (await upload(owner, { name: 'a.jpg', type: 'image/jpeg', bytes: await photo() })).json
      .avatar as string;
    const early = await registerMember(t);
    await verifyMember(t, early);
    expect((await call(t, 'GET', `/api/profile/${owner.id}`, { token: early.token })).status).toBe(403);
    const refused = await fetchImage(early, path);
    expect(refused.status).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('a new upload gets a new path and the old one is gone; DELETE removes the picture', async () => {
    const m = await onboardMember(t);
    const first = (await upload(m, { name: 'a.jpg', type: 'image/jpeg', bytes: await photo(400, 400) })).json
      .avatar as string;
    const second = (await upload(m, { name: 'b.jpg', type: 'image/jpeg', bytes: await photo(401, 400) })).json
      .avatar as string;
    expect(second).not.toBe(first);
    expect((await fetchImage(m, first)).status).toBe(404);
    expect((await fetchImage(m, second)).status).toBe(200);
    const del = await call(t, 'DELETE', '/api/profile/avatar', { token: m.token });
    expect(del.status).toBe(204);
    expect(await avatarOf(m)).toBeNull();
    expect(await storedRow(m)).toBeUndefined();
    expect((await fetchImage(m, second)).status).toBe(404);
  });
});

describe('member life cycle: the profile module', () => {
  it('the export holds motto, visibility and the avatar; erasing deletes them', async () => {
    const m = await onboardMember(t);
    await call(t, 'PATCH', '/api/profile/me', {
      token: m.token,
      body: { motto: 'Weiter', visibility: { age_group: 'nobody' } },
    });
    await upload(m, { name: 'a.jpg', type: 'image/jpeg', bytes: await photo(200, 200) });
    const exported = await exportMember(t.app.ctx, m.id);
    expect(exported.profile).toMatchObject({
      motto: 'Weiter',
      visibility: expect.objectContaining({ age_group: 'nobody' }),
      avatar: { type: 'image/webp', large_base64: expect.any(String), small_base64: expect.any(String) },
    });
    const large = Buffer.from(exported.profile!.avatar!.large_base64, 'base64');
    expect((await sharp(large).metadata()).width).toBe(512);
    await eraseMember(t.app.ctx, m.id);
    expect(await storedRow(m)).toBeUndefined();
    const after = await exportMember(t.app.ctx, m.id);
    expect(after.profile).toMatchObject({ motto: null, avatar: null });
  });
});
