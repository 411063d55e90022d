import { ShieldCheck } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { contactDetailsIn } from '../../../domain/safety/contact-hint.ts';

/**
 * In the first messages of a new partnership, a phone number, e-mail address or social media handle in
 * the composer brings a gentle note about staying safe. On the device only; the message is sent as
 * written. The live region stays in the page so that screen readers hear the note when it appears.
 */
export function ContactHint({ text, active }: { text: string; active: boolean }) {
  const { t } = useTranslation('chat');
  const deferred = useDeferredValue(text);
  const shown = active && contactDetailsIn(deferred).length > 0;
  return (
    <div aria-live="polite" className="mb-2 empty:mb-0">
      {shown && (
        <aside
          data-contact-hint
          aria-label={t('contactHint.title')}
          className="flex items-start gap-3 rounded-xl border border-line bg-warm px-4 py-3 text-sm leading-relaxed"
        >
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
          <div className="min-w-0">
            <p className="font-semibold text-ink">{t('contactHint.title')}</p>
            <p className="mt-1 text-ink">{t('contactHint.text')}</p>
          </div>
        </aside>
      )}
    </div>
  );
}
