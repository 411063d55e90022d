import { useNavigate } from 'react-router';
import { leaveTo } from '../../../lib/external-navigation.ts';

/** Goes to an address the server answered: inside the app by the router, elsewhere (Stripe) by leaving. */
export function useContinueAt() {
  const navigate = useNavigate();
  return (url: string) => {
    const target = new URL(url, window.location.href);
    if (target.origin === window.location.origin) navigate(`${target.pathname}${target.search}`);
    else leaveTo(target.toString());
  };
}
