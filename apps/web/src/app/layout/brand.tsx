import { HeartHandshake } from 'lucide-react';
import { Link } from 'react-router';
import { useAppConfig } from '../../lib/config.ts';

/** `narrow`: the logo stands alone below 640 px, where a header holds more than crisis help beside it. */
export function Brand({ to, narrow = false }: { to: string; narrow?: boolean }) {
  const { app_name } = useAppConfig();
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg text-lg font-bold text-ink no-underline"
    >
      <span className="grid size-9 place-items-center rounded-xl bg-accent text-white">
        <HeartHandshake aria-hidden="true" className="size-5" />
      </span>
      {/* On the narrowest phones the logo stands alone, so the header's crisis help always fits. */}
      <span className={narrow ? 'max-sm:sr-only' : 'max-[369px]:sr-only'}>{app_name}</span>
    </Link>
  );
}
