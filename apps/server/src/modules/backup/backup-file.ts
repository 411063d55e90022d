import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, openSync, readSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A backup file (docs/decisions/013-backups.md): "TRBK", a version byte, a mode byte (1 = encrypted),
 * then for an encrypted file a 16-byte scrypt salt and a 12-byte AES-256-GCM nonce; then the payload;
 * then a trailer: the GCM tag (16 bytes) or, unencrypted, a SHA-256 of the payload (32 bytes), so a
 * changed or damaged file is refused either way. The payload is a list of entries: name length (u32),
 * name, size (u64), bytes; a zero name length ends it. Everything streams: no file is held in memory.
 */
const MAGIC = Buffer.from('TRBK');
const VERSION = 1;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export class BackupError extends Error {}

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase, salt, 32, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

async function* payload(entries: Array<{ name: string; file: string }>): AsyncGenerator<Buffer> {
  for (const { name, file } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const head = Buffer.alloc(4 + nameBytes.length + 8);
    head.writeUInt32BE(nameBytes.length, 0);
    nameBytes.copy(head, 4);
    head.writeBigUInt64BE(BigInt(statSync(file).size), 4 + nameBytes.length);
    yield head;
    for await (const chunk of createReadStream(file)) yield chunk as Buffer;
  }
  yield Buffer.alloc(4); // end
}

/** Writes the entries (files on disk) into one backup file, encrypted when a passphrase is given. */
export async function writeBackupFile(
  out: string,
  entries: Array<{ name: string; file: string }>,
  passphrase: string | null,
): Promise<void> {
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION, passphrase ? 1 : 0])]);
  const sink = createWriteStream(out, { mode: 0o600 });
  if (passphrase) {
    const salt = randomBytes(16);
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt), nonce);
    sink.write(Buffer.concat([header, salt, nonce]));
    await pipeline(Readable.from(payload(entries)), cipher, sink, { end: false });
    await new Promise<void>((resolve, reject) =>
      sink.end(cipher.getAuthTag(), () => resolve()).on('error', reject),
    );
  } else {
    const hash = createHash('sha256');
    sink.write(header);
    const hashing = new Transform({
      transform(chunk, _enc, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(Readable.from(payload(entries)), hashing, sink, { end: false });
    await new Promise<void>((resolve, reject) =>
      sink.end(hash.digest(), () => resolve()).on('error', reject),
    );
  }
}

/**
 * Checks the whole file (passphrase, tag or hash) while writing its payload to `workDir`; only then
 * splits it into the entries' files. A wrong passphrase or a changed byte throws before anything is
 * unpacked. Returns each entry's name and the file that holds it.
 */
export async function readBackupFile(
  file: string,
  passphrase: string | null,
  workDir: string,
): Promise<Map<string, string>> {
  const size = statSync(file).size;
  const fh = await open(file, 'r');
  const head = Buffer.alloc(6 + 28);
  await fh.read(head, 0, head.length, 0);
  await fh.close();
  if (size < 6 || !head.subarray(0, 4).equals(MAGIC))
    throw new BackupError('This is not a Trostnetz backup file.');
  if (head[4] !== VERSION) throw new BackupError(`Unknown backup format version ${head[4]}.`);
  const encrypted = head[5] === 1;
  const start = encrypted ? 6 + 28 : 6;
  const trailer = encrypted ? 16 : 32;
  if (size < start + trailer) throw new BackupError('The backup file is damaged (too short).');
  const plain = path.join(workDir, 'payload');
  const body = createReadStream(file, { start, end: size - trailer - 1 });
  const tail = Buffer.alloc(trailer);
  const fd = openSync(file, 'r');
  readSync(fd, tail, 0, trailer, size - trailer);
  closeSync(fd);

  if (encrypted) {
    if (!passphrase) throw new BackupError('The backup is encrypted: set BACKUP_PASSPHRASE to restore it.');
    const key = await deriveKey(passphrase, head.subarray(6, 22));
    const decipher = createDecipheriv('aes-256-gcm', key, head.subarray(22, 34));
    decipher.setAuthTag(tail);
    try {
      await pipeline(body, decipher, createWriteStream(plain, { mode: 0o600 }));
    } catch {
      throw new BackupError(
        'Wrong passphrase, or the backup file was changed or damaged. Nothing was restored.',
      );
    }
  } else {
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk, _enc, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(body, hashing, createWriteStream(plain, { mode: 0o600 }));
    if (!hash.digest().equals(tail))
      throw new BackupError('The backup file was changed or damaged. Nothing was restored.');
  }
  return splitPayload(plain, workDir);
}

async function splitPayload(plain: string, workDir: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  const fh = await open(plain, 'r');
  try {
    let pos = 0;
    for (let i = 0; ; i++) {
      const len = Buffer.alloc(4);
      await fh.read(len, 0, 4, pos);
      const nameLength = len.readUInt32BE(0);
      pos += 4;
      if (nameLength === 0) break;
      const meta = Buffer.alloc(nameLength + 8);
      await fh.read(meta, 0, meta.length, pos);
      pos += meta.length;
      const name = meta.subarray(0, nameLength).toString('utf8');
      const bytes = Number(meta.readBigUInt64BE(nameLength));
      const target = path.join(workDir, `entry-${i}`);
      if (bytes === 0) await (await open(target, 'w')).close();
      else
        await pipeline(
          createReadStream(plain, { start: pos, end: pos + bytes - 1 }),
          createWriteStream(target),
        );
      entries.set(name, target);
      pos += bytes;
    }
  } finally {
    await fh.close();
  }
  return entries;
}
