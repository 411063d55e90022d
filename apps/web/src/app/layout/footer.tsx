import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrisisButton } from '../../components/crisis/crisis-button.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useAppConfig } from '../../lib/config.ts';
import { useConsentStore } from '../../lib/consent.ts';

const legalLinks = [
  { to: '/imprint', key: 'footer.imprint' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/conditions', key: 'footer.conditions' },
  { to: '/revocation', key: 'footer.revocation' },
  { to: '/accessibility', key: 'footer.accessibility' },
  { to: '/faq', key: 'footer.faq' },
  { to: '/customer-service', key: 'footer.customerService' },
];

export function Footer({ member }: { member: boolean }) {
  const { t } = useTranslation('layout');
  const { app_name } = useAppConfig();
  const reopenConsent = useConsentStore((s) => s.reopen);
  return (
    <footer className="mt-auto border-t border-line bg-warm/60">
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 md:grid-cols-[1fr_auto]">
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-11 items-center text-ink">
                  {t(link.key)}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={reopenConsent}
                className="inline-flex min-h-11 items-center text-ink underline decoration-1 underline-offset-4 hover:decoration-2"
              >
                {t('footer.cookies')}
              </button>
            </li>
          </ul>
        </nav>
        <div className="flex flex-wrap items-center gap-3 md:justify-end">
          <CrisisButton />
          <LanguageSwitch />
        </div>
        {/* § 312k BGB: on every page, guests included; EU directive 2023/2673: the withdrawal function. */}
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2 md:col-span-2">
          <ButtonLink to="/contracts/cancel" variant="secondary" size="sm">
            {t('footer.cancelContracts')}
          </ButtonLink>
          <Link to="/contracts/withdraw" className="inline-flex min-h-11 items-center text-ink">
            {t('footer.withdraw')}
          </Link>
        </div>
        <p className="text-sm text-muted md:col-span-2">
          {member ? t('footer.reassuranceMember') : t('footer.reassurance')} · © {new Date().getFullYear()}{' '}
          {app_name}
        </p>
      </div>
    </footer>
  );
}
