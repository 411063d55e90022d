import { CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrisisButton } from '../components/crisis/crisis-button.tsx';
import { Button } from '../components/ui/button.tsx';

/** Shown when a screen could not load (e.g. the server is unreachable): calm, with a retry. */
export function RouteError() {
  const { t } = useTranslation('errors');
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center px-4 text-center">
      <span className="mb-4 grid size-14 place-items-center rounded-full bg-accent-soft text-accent-strong">
        <CloudOff aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-semibold">{t('routeError.title')}</h1>
      <p className="mt-3 text-muted">{t('routeError.text')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('routeError.retry')}</Button>
        <Link to="/" reloadDocument className="inline-flex min-h-11 items-center">
          {t('routeError.home')}
        </Link>
      </div>
      {/* This screen has no header: crisis help stays one tap away (its lines show even if its dialog cannot load). */}
      <CrisisButton className="mt-8" />
    </div>
  );
}

export function AppLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <output className="sr-only">{t('loading')}</output>
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-accent-soft border-t-accent motion-reduce:animate-none"
      />
    </div>
  );
}
