import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Under the first message with contact details in the first 14 days of a partnership, for both members:
 * why staying in this chat protects them and what to do when pressed. The message itself is unchanged.
 */
export function OffPlatformNote() {
  const { t } = useTranslation('chat');
  return (
    <aside
      data-off-platform-note
      aria-label={t('offPlatform.title')}
      className="mx-auto flex max-w-lg items-start gap-3 rounded-xl border border-line bg-warm px-4 py-3 text-sm leading-relaxed"
    >
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
      <div className="min-w-0">
        <p className="font-semibold text-ink">{t('offPlatform.title')}</p>
        <p className="mt-1 text-ink">{t('offPlatform.why')}</p>
        <p className="mt-1 text-ink">{t('offPlatform.pressed')}</p>
      </div>
    </aside>
  );
}
