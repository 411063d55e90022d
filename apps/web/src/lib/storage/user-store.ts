import type { Permission } from '@trostnetz/contracts/permissions';
import type { User } from '@trostnetz/contracts/user';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * SPEC.md §4 Session. `status` is not persisted: on every page load the user is fetched once
 * (guard rule "not yet authenticated → fetch"). 'unauthenticated' is the 401 state.
 */
export type SessionStatus = 'unknown' | 'authenticated' | 'unauthenticated';

interface UserState {
  user: User | null;
  status: SessionStatus;
  setUser: (user: User) => void;
  /** Sets the 401 state and forgets the member. */
  reset: () => void;
}

export const USER_STORAGE_KEY = 'user_storage';

export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      user: null,
      status: 'unknown',
      setUser: (user) => set({ user, status: 'authenticated' }),
      reset: () => set({ user: null, status: 'unauthenticated' }),
    }),
    {
      name: USER_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ user: s.user }),
    },
  ),
);

/** The member once fetched in this page session, else null. */
export function authenticatedUser(state: Pick<UserState, 'user' | 'status'>): User | null {
  return state.status === 'authenticated' ? state.user : null;
}

/**
 * Who the layout shows: the authenticated member, or, before this page load's first member fetch,
 * the persisted one (status 'unknown' only remains while restored tokens exist).
 */
export function displayedUser(state: Pick<UserState, 'user' | 'status'>): User | null {
  return state.status === 'unauthenticated' ? null : state.user;
}

/** SPEC.md §6: super admins may do everything, others what their roles allow. */
export function can(user: User | null, permission: Permission): boolean {
  return !!user && (user.is_super_admin || user.permissionsViaRoles.includes(permission));
}
