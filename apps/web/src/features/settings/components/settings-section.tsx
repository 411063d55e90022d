import { type ReactNode, useId } from 'react';
import { Card } from '../../../components/ui/card.tsx';

/** One section of /settings: a card with its heading and a short line of what it is for. */
export function SettingsSection({
  title,
  text,
  children,
}: {
  title: string;
  text?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {text && <p className="mt-1 text-muted">{text}</p>}
      <div className="mt-4">{children}</div>
    </Card>
  );
}
