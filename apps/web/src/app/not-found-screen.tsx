import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../components/ui/button.tsx';

export function NotFoundScreen() {
  const { t } = useTranslation('errors');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <span className="mb-5 grid size-16 place-items-center rounded-full bg-accent-soft text-accent-strong">
        <Compass aria-hidden="true" className="size-8" />
      </span>
      <h1 data-page-heading tabIndex={-1} className="text-2xl font-semibold sm:text-3xl">
        {t('notFound.title')}
      </h1>
      <p className="mt-3 text-muted">{t('notFound.text')}</p>
      <div className="mt-8 flex flex-col items-center gap-3">
        <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
        <Link to="/faq">{t('notFound.faq')}</Link>
        <Link to="/customer-service">{t('notFound.help')}</Link>
      </div>
    </div>
  );
}
