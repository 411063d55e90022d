import type { StaffMe } from '@trostnetz/contracts/admin';
import type { Permission } from '@trostnetz/contracts/permissions';
import { createContext, useContext } from 'react';

/** The signed-in staff member, given to every console screen by the console layout. */
export const StaffContext = createContext<StaffMe | null>(null);

export function useStaff(): StaffMe {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the console layout');
  return staff;
}

/**
 * Whether the console shows what needs `permission`. Only for showing: the server decides every call
 * (requirePermission), and answers 403 whatever the screen shows.
 */
export function useCan(): (permission: Permission) => boolean {
  const staff = useStaff();
  return (permission) => staff.permissions.includes(permission);
}
