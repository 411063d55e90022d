import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { CONSOLE_NS } from '../../console-texts.ts';

/** The ten recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const { t } = useTranslation(CONSOLE_NS);
  const [saved, setSaved] = useState(false);
  return (
    <div className="mt-6 space-y-5">
      <Alert tone="success">{t('enrol.done')}</Alert>
      <h2 className="text-lg font-semibold">{t('recovery.title')}</h2>
      <p className="text-muted">{t('recovery.text')}</p>
      <ol
        aria-label={t('recovery.title')}
        className="grid gap-2 rounded-xl border border-line bg-warm p-4 font-mono text-base sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} data-recovery-code className="whitespace-nowrap">
            {code}
          </li>
        ))}
      </ol>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          className="size-5 accent-accent"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
        />
        {t('recovery.saved')}
      </label>
      <Button className="w-full" disabled={!saved} onClick={onContinue}>
        {t('recovery.continue')}
      </Button>
    </div>
  );
}
