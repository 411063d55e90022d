import { useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../api/logout.ts';

/**
 * Logout, then /login. Not a mutation callback: the menu that starts it unmounts as soon as the
 * session is cleared, and a mutation's per-call callbacks do not run for unmounted components.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      // The local session is gone either way (logout clears it in `finally`).
    } finally {
      setPending(false);
      await navigate('/login', { replace: true });
    }
  };
  return { signOut, pending };
}
