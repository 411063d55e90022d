import { z } from 'zod';
import { requiredString, textField } from './fields.ts';
import { vmsg } from './messages.ts';

/**
 * What a member decides to show on their profile, item by item (DESIGN.md §9: profile visibility).
 * Questionnaire items name their question; `motto` and `about` are the self-written texts.
 */
export const PROFILE_ITEMS = [
  'motto',
  'about',
  'age_group',
  'region',
  'support_kind',
  'loss_kind',
  'loss_when',
] as const;
export type ProfileItem = (typeof PROFILE_ITEMS)[number];

/**
 * Who sees an item: every member who may see the profile, suggested members (and partners), only
 * partners (befriended), or nobody.
 */
export const AUDIENCES = ['members', 'suggestions', 'partners', 'nobody'] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * Health data (decisions 005, 029): what someone lost and how long ago is never shown to members who are
 * not partners, whatever the member picks; partners see it only if the member chooses to show it.
 */
export const SENSITIVE_ITEMS: readonly ProfileItem[] = ['loss_kind', 'loss_when'];
export const SENSITIVE_AUDIENCES: readonly Audience[] = ['partners', 'nobody'];

/**
 * Calm defaults: the texts are there to be read, life details for suggestions. Where someone lives, what
 * they lost and how long ago are shown to nobody until they choose otherwise: the questionnaire promises it
 * (decisions 024, 029); matching still uses them.
 */
export const DEFAULT_VISIBILITY: Record<ProfileItem, Audience> = {
  motto: 'members',
  about: 'members',
  age_group: 'suggestions',
  region: 'nobody',
  support_kind: 'suggestions',
  loss_kind: 'nobody',
  loss_when: 'nobody',
};
export type Visibility = Record<ProfileItem, Audience>;

export const MOTTO_MAX = 80;
/** The same bound as the questionnaire's "Stell dich kurz vor". */
export const ABOUT_MAX = 500;

const audience = z.enum(AUDIENCES, { error: vmsg('invalid') });
const visibilityBody = z
  .strictObject(
    Object.fromEntries(PROFILE_ITEMS.map((i) => [i, audience.optional()])) as Record<
      ProfileItem,
      z.ZodOptional<typeof audience>
    >,
  )
  .superRefine((v, ctx) => {
    for (const item of SENSITIVE_ITEMS) {
      const chosen = v[item];
      if (chosen && !SENSITIVE_AUDIENCES.includes(chosen)) {
        ctx.addIssue({ code: 'custom', path: [item], message: vmsg('invalid') });
      }
    }
  });

/** PATCH /api/profile/me: any of the fields; an empty motto removes it. */
export const updateProfileBody = z.strictObject({
  motto: textField()
    .trim()
    .max(MOTTO_MAX, vmsg('max', MOTTO_MAX))
    .regex(/^[^\n\r]*$/, vmsg('invalid'))
    .optional(),
  about: requiredString(ABOUT_MAX).optional(),
  visibility: visibilityBody.optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** The member's own profile as they edit it. */
export const ownProfile = z.object({
  nickname: z.string(),
  avatar: z.string().nullable(),
  motto: z.string().nullable(),
  about: z.string().nullable(),
  visibility: z.object(
    Object.fromEntries(PROFILE_ITEMS.map((i) => [i, audience])) as Record<ProfileItem, typeof audience>,
  ),
});
export type OwnProfile = z.infer<typeof ownProfile>;

/** One of the member's own answers on their foreign profile, as far as the viewer may see it. */
export const profileDetail = z.object({
  key: z.enum(PROFILE_ITEMS),
  question: z.string(),
  answers: z.array(z.string()),
});
export type ProfileDetail = z.infer<typeof profileDetail>;

/** Avatar uploads (DESIGN.md §8): JPEG, PNG or WebP by magic bytes, re-encoded to square WebP. */
export const AVATAR_MAX_BYTES = 6 * 1024 * 1024;
export const AVATAR_MAX_PIXELS = 40_000_000;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_SIZES = { large: 512, small: 128 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

export const avatarResponse = z.object({ avatar: z.string().nullable() });
export const avatarParams = z.object({
  name: z.string().regex(/^[a-f0-9]{32}$/, vmsg('invalid')),
  hash: z.string().regex(/^[a-f0-9]{16}$/, vmsg('invalid')),
  size: z.enum(['large', 'small'], { error: vmsg('invalid') }),
});
