import type { User } from '@trostnetz/contracts/user';
import type { users } from '../../db/schema/users.ts';
export type UserRow = typeof users.$inferSelect;
/** The User of SPEC.md §3. A super admin counts as premium (SPEC.md §6). */
export declare function presentUser(row: UserRow, permissions: string[]): User;
