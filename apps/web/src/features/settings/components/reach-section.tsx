import type { ReachPrefs } from '@trostnetz/contracts/partners';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useReach, useSaveReach } from '../api/reach.ts';
import { SettingsSection } from './settings-section.tsx';

/** The account ages a member can ask of whoever sends them a request (contracts: REACH_MIN_ACCOUNT_DAYS). */
const DAYS = [0, 7, 30] as const satisfies readonly ReachPrefs['min_account_days'][];

/**
 * Who may reach me with a friend request: only members who share my kind of loss, and not accounts
 * younger than 0, 7 or 30 days. What does not pass is kept from me and ends like an unanswered request.
 */
export function ReachSection() {
  const { t } = useTranslation('settings');
  const prefs = useReach();
  return (
    <SettingsSection title={t('reach.title')} text={t('reach.text')}>
      <QueryView query={prefs} loading={t('reach.loading')}>
        {(data) => <ReachForm prefs={data} />}
      </QueryView>
    </SettingsSection>
  );
}

function ReachForm({ prefs }: { prefs: ReachPrefs }) {
  const { t } = useTranslation('settings');
  const save = useSaveReach();
  const toMessage = useErrorMessage();
  const [chosen, setChosen] = useState<ReachPrefs>(prefs);
  const change = (next: Partial<ReachPrefs>) => {
    save.reset();
    setChosen((c) => ({ ...c, ...next }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosen);
  };
  const choice =
    'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line px-3 py-2 has-checked:border-accent has-checked:bg-accent-soft';
  return (
    <form onSubmit={submit} className="space-y-4">
      {save.isSuccess && <Alert tone="success">{t('reach.saved')}</Alert>}
      {save.isError && <Alert tone="error">{toMessage(save.error)}</Alert>}
      <label className={choice}>
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-accent"
          checked={chosen.same_loss_only}
          onChange={(e) => change({ same_loss_only: e.target.checked })}
        />
        <span>
          <span className="font-medium">{t('reach.sameLoss')}</span>
          <span className="mt-1 block text-sm text-muted">{t('reach.sameLossText')}</span>
        </span>
      </label>
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium">{t('reach.age')}</legend>
        {DAYS.map((days) => (
          <label key={days} className={choice}>
            <input
              type="radio"
              name="min-account-days"
              className="mt-0.5 size-5 shrink-0 accent-accent"
              checked={chosen.min_account_days === days}
              onChange={() => change({ min_account_days: days })}
            />
            <span>{days === 0 ? t('reach.anyAge') : t('reach.minDays', { count: days })}</span>
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-muted">{t('reach.held')}</p>
      <Button type="submit" variant="secondary" loading={save.isPending} loadingLabel={t('saving')}>
        {t('reach.submit')}
      </Button>
    </form>
  );
}
