import { cloneElement, lazy, type ReactElement, Suspense, useState } from 'react';

const loadPanel = () => import('./account-menu-panel.tsx');
const AccountMenuPanel = lazy(async () => ({ default: (await loadPanel()).AccountMenuPanel }));

type Trigger = ReactElement<{
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  'aria-haspopup'?: 'menu';
}>;

/**
 * The account menu (profile, settings, logout). Its menu library is not part of the first screen: the
 * trigger is shown at once, the menu is fetched when the pointer or focus reaches it, and the first
 * click opens it as soon as it is there.
 */
export function AccountMenu({ trigger, nickname }: { trigger: Trigger; nickname: string }) {
  const [clicked, setClicked] = useState(false);
  if (!clicked) {
    const prefetch = () => void loadPanel();
    return cloneElement(trigger, {
      'aria-haspopup': 'menu',
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onClick: () => setClicked(true),
    });
  }
  return (
    <Suspense fallback={trigger}>
      <AccountMenuPanel trigger={trigger} nickname={nickname} defaultOpen />
    </Suspense>
  );
}
