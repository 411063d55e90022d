import { createHash, randomBytes } from 'node:crypto';
import { pathOf } from '@trostnetz/contracts/endpoint';
import { vmsg } from '@trostnetz/contracts/messages';
import {
  AVATAR_MAX_PIXELS,
  AVATAR_MIME_TYPES,
  AVATAR_SIZES,
  type AvatarSize,
} from '@trostnetz/contracts/profile';
import { profileApi } from '@trostnetz/contracts/profile.endpoints';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { avatars } from '../../db/schema/profile.ts';
import { type Member, users } from '../../db/schema/users.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { mayViewAvatar } from '../../policies/profile.ts';

/** The path the User's `avatar` holds (the web app prefixes the API base): random name, content hash. */
export const avatarPath = (name: string, hash: string, size: AvatarSize = 'large') =>
  pathOf(profileApi.avatar, { name, hash, size });

/**
 * The picture as stored: a fresh square WebP per size, decoded from the upload's pixels only. Nothing of
 * the file survives but its pixels (EXIF, GPS, ICC, XMP, comments and anything appended to a polyglot).
 */
export async function reencodeAvatar(bytes: Buffer): Promise<Record<AvatarSize, Buffer>> {
  // Image libraries load with the first upload, not at start (issue 19: restarts in ≤ 3 s).
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([
    import('file-type'),
    import('sharp'),
  ]);
  // The magic bytes decide, never the file name or the declared type.
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(AVATAR_MIME_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError('unsupported_media_type');
  }
  const input = () => sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' });
  let width = 0;
  let height = 0;
  try {
    // The header alone (metadata decodes no pixels), so the limit below can answer 413 itself.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw validationError({ avatar: [vmsg('invalid')] });
  }
  // Refused from the header, before a single pixel is decoded (a decompression bomb stays small in bytes).
  if (!width || !height || width * height > AVATAR_MAX_PIXELS) throw new AppError('payload_too_large');
  try {
    const out = {} as Record<AvatarSize, Buffer>;
    for (const [size, px] of Object.entries(AVATAR_SIZES) as Array<[AvatarSize, number]>) {
      out[size] = await input()
        .rotate() // EXIF orientation applied to the pixels, as the metadata itself goes
        .resize(px, px, { fit: 'cover', position: 'centre' }) // the square the web app's preview shows
        .webp({ quality: 82 })
        .toBuffer();
    }
    return out;
  } catch {
    throw validationError({ avatar: [vmsg('invalid')] });
  }
}

/** Stores a new avatar under a new random name (the old one goes) and points the User's `avatar` at it. */
export async function saveAvatar(db: Db, userId: number, bytes: Buffer): Promise<string> {
  const images = await reencodeAvatar(bytes);
  const name = randomBytes(16).toString('hex');
  const hash = createHash('sha256').update(images.large).update(images.small).digest('hex').slice(0, 16);
  const path = avatarPath(name, hash);
  await db.transaction(async (tx) => {
    await tx
      .insert(avatars)
      .values({ userId, name, hash, ...images })
      .onConflictDoUpdate({
        target: avatars.userId,
        set: { name, hash, ...images, createdAt: new Date() },
      });
    await tx.update(users).set({ avatar: path, updatedAt: new Date() }).where(eq(users.id, userId));
  });
  return path;
}

export async function deleteAvatar(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(avatars).where(eq(avatars.userId, userId));
    await tx.update(users).set({ avatar: null, updatedAt: new Date() }).where(eq(users.id, userId));
  });
}

/**
 * One size of an avatar for a viewer who may see its owner's profile; anything else (unknown name,
 * stale hash, hidden or deleted owner) is the same "not found".
 */
export async function avatarFor(
  db: Db,
  viewer: Pick<Member, 'id' | 'matchingStep'>,
  name: string,
  hash: string,
  size: AvatarSize,
): Promise<Buffer> {
  const [row] = await db.select().from(avatars).where(eq(avatars.name, name));
  if (!row || row.hash !== hash || !(await mayViewAvatar(db, viewer, row.userId))) {
    throw new AppError('not_found');
  }
  return row[size];
}
