import { Cookie } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useConsentStore } from '../../../lib/consent.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useAttributionCookie } from '../hooks/use-attribution-cookie.ts';

/** The cookie-consent tool: necessary cookies always, statistics only when chosen. */
export function CookieConsentBanner() {
  const { t } = useTranslation('consent');
  const choice = useConsentStore((s) => s.choice);
  const decide = useConsentStore((s) => s.decide);
  const setToolPresent = useConsentStore((s) => s.setToolPresent);
  const [statistics, setStatistics] = useState(choice?.statistics ?? false);
  const [marketing, setMarketing] = useState(choice?.marketing ?? false);
  const titleId = useId();
  const statsId = useId();
  const marketingId = useId();

  useEffect(() => {
    setToolPresent(true);
    return () => setToolPresent(false);
  }, [setToolPresent]);
  useAttributionCookie();

  // Not in the HTML rendered at build time: whether a choice was stored is known in the browser only.
  const hydrated = useHydrated();
  if (choice || !hydrated) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-xl rounded-2xl border border-line bg-surface p-5 shadow-xl md:bottom-5"
      data-cookie-consent
    >
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <Cookie aria-hidden="true" className="size-5 text-accent-strong" />
        {t('title')}
      </h2>
      <p className="mt-2 text-muted">
        <Trans t={t} i18nKey="text" components={{ privacy: <Link to="/privacy" /> }} />
      </p>
      <ul className="mt-4 space-y-2">
        <li className="flex items-start gap-3">
          <input
            type="checkbox"
            checked
            disabled
            className="mt-1 size-5 accent-accent"
            aria-describedby={`${statsId}-n`}
            id={`${statsId}-necessary`}
          />
          <label htmlFor={`${statsId}-necessary`}>
            <span className="font-medium">{t('necessary')}</span>
            <span id={`${statsId}-n`} className="block text-sm text-muted">
              {t('necessaryHint')}
            </span>
          </label>
        </li>
        <li className="flex items-start gap-3">
          <input
            id={statsId}
            type="checkbox"
            checked={statistics}
            onChange={(e) => setStatistics(e.target.checked)}
            className="mt-1 size-5 accent-accent"
          />
          <label htmlFor={statsId}>
            <span className="font-medium">{t('statistics')}</span>
            <span className="block text-sm text-muted">{t('statisticsHint')}</span>
          </label>
        </li>
        <li className="flex items-start gap-3">
          <input
            id={marketingId}
            type="checkbox"
            checked={marketing}
            onChange={(e) => setMarketing(e.target.checked)}
            className="mt-1 size-5 accent-accent"
          />
          <label htmlFor={marketingId}>
            <span className="font-medium">{t('marketing')}</span>
            <span className="block text-sm text-muted">{t('marketingHint')}</span>
          </label>
        </li>
      </ul>
      <div className="mt-5 grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button variant="secondary" onClick={() => decide(false, false)}>
          {t('onlyNecessary')}
        </Button>
        <Button onClick={() => decide(statistics, marketing)}>{t('saveChoice')}</Button>
      </div>
    </section>
  );
}
