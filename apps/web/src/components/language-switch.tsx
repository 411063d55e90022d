import { type Locale, locales } from '@trostnetz/contracts/messages';
import { useTranslation } from 'react-i18next';
import { chooseLocale } from '../lib/account-locale.ts';
import { getLocale } from '../lib/i18n.ts';
import { cn } from './ui/cn.ts';

const names: Record<Locale, string> = { de: 'Deutsch', en: 'English' };

/** DE | EN switch; the device remembers the choice (sent as Accept-Language), a signed-in account keeps it. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const current = getLocale();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled button group, not a form fieldset
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('inline-flex rounded-xl border border-line-strong p-0.5', className)}
    >
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={current === locale}
          aria-label={names[locale]}
          onClick={() => void chooseLocale(locale)}
          className={cn(
            'min-h-10 min-w-11 rounded-lg px-2.5 text-sm font-semibold uppercase',
            current === locale ? 'bg-accent text-white' : 'text-ink hover:bg-accent-soft',
          )}
        >
          {locale}
        </button>
      ))}
    </div>
  );
}
