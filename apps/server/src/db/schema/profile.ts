import type { Visibility } from '@trostnetz/contracts/profile';
import { bigint, customType, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** PostgreSQL `bytea`; PGlite answers a Uint8Array, node-postgres a Buffer: both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** The member's own profile beyond the users row: the motto and who sees which item. */
export const profileSettings = pgTable('profile_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  motto: text('motto'),
  /** Only the items the member changed; the rest follow DEFAULT_VISIBILITY. */
  visibility: jsonb('visibility').$type<Partial<Visibility>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One avatar per member, re-encoded (square WebP, two sizes), in the database so every process serves
 * it with no shared file store. `name` is random and new on every upload; `hash` is of the content.
 */
export const avatars = pgTable('avatars', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull().unique(),
  hash: text('hash').notNull(),
  large: bytea('large').notNull(),
  small: bytea('small').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AvatarRow = typeof avatars.$inferSelect;
