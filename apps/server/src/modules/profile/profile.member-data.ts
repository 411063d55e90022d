import { eq } from 'drizzle-orm';
import { avatars, profileSettings } from '../../db/schema/profile.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { visibilityOf } from '../../policies/profile.ts';

/** The own profile: motto, visibility choices and the avatar (exported as WebP in base64); all go. */
export const profileData = defineMemberData({
  module: 'profile',
  tables: ['profile_settings', 'avatars'],
  async exportMember(ctx, userId) {
    const [settings] = await ctx.db.select().from(profileSettings).where(eq(profileSettings.userId, userId));
    const [avatar] = await ctx.db.select().from(avatars).where(eq(avatars.userId, userId));
    return {
      motto: settings?.motto ?? null,
      visibility: visibilityOf(settings?.visibility),
      avatar: avatar
        ? {
            type: 'image/webp',
            created_at: avatar.createdAt.toISOString(),
            large_base64: avatar.large.toString('base64'),
            small_base64: avatar.small.toString('base64'),
          }
        : null,
    };
  },
  async eraseMember(_ctx, userId, tx) {
    await tx.delete(avatars).where(eq(avatars.userId, userId));
    await tx.delete(profileSettings).where(eq(profileSettings.userId, userId));
  },
});
