import { z } from 'zod';
import { vmsg } from './messages.ts';

/** The User of SPEC.md §3, as returned by /api/profile/init and the auth calls. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  about: z.string().nullable(),
  locale: z.enum(['de', 'en']),
  is_verified: z.boolean(),
  is_premium: z.boolean(),
  is_super_admin: z.boolean(),
  matching_status: z.boolean(),
  matching_step: z.number().int(),
  has_seen: z.array(z.string()),
  permissionsViaRoles: z.array(z.string()),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * The hints and tours a member can mark as seen (`has_seen`). A fixed list keeps the stored list and
 * /api/profile/init small; a new hint adds its key here.
 */
export const HAS_SEEN_ELEMENTS = ['welcome-tour', 'matching-intro', 'chat-intro'] as const;
export type HasSeenElement = (typeof HAS_SEEN_ELEMENTS)[number];
export const isHasSeenElement = (key: string): key is HasSeenElement =>
  (HAS_SEEN_ELEMENTS as readonly string[]).includes(key);

export const hasSeenBody = z.object({
  element: z.enum(HAS_SEEN_ELEMENTS, {
    error: (issue) => vmsg(issue.input === undefined ? 'required' : 'invalid'),
  }),
});
export const hasSeenResponse = z.object({ has_seen: z.array(z.string()) });

/** SPEC.md §9: the statistics tool's site id. */
export const ANALYTICS_SITE_ID = 4;

/** Public runtime configuration the SPA loads at start (realtime endpoint, product name). */
export const publicConfig = z.object({
  app_name: z.string(),
  onboarding_url: z.string(),
  pusher: z.object({
    key: z.string(),
    cluster: z.string(),
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    scheme: z.enum(['http', 'https']).nullable(),
  }),
  /** The statistics tool (a Matomo tracking endpoint, SPEC.md §7); null when none is configured. */
  analytics: z.object({ url: z.string(), site_id: z.number().int() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
