import {
  ALWAYS_ON_KINDS,
  CHOOSABLE_KINDS,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@trostnetz/contracts/notifications';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { usePreferences, useUpdatePreferences } from '../api/preferences.ts';
import { currentPushSubscription, disablePush, enablePush, pushSupported } from '../api/push-subscription.ts';

/** Kind × channel, quiet hours and this device's push, saved as each choice is made. */
export function PreferencesForm() {
  const { t } = useTranslation('notifications');
  return (
    <QueryView query={usePreferences()} loading={t('loading')}>
      {(prefs) => <Preferences prefs={prefs} />}
    </QueryView>
  );
}

function Preferences({ prefs }: { prefs: NotificationPreferences }) {
  const { t } = useTranslation('notifications');
  const update = useUpdatePreferences();
  const toMessage = useErrorMessage();
  const set = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    update.choose({ choices: { [kind]: { [channel]: on } } });
  const hours = Array.from({ length: 24 }, (_, h) => h);
  const startId = useId();
  const endId = useId();
  return (
    <div className="space-y-6">
      {update.isError && <Alert tone="error">{toMessage(update.error)}</Alert>}
      <Card>
        <h2 className="text-lg font-semibold">{t('prefs.title')}</h2>
        <p className="mt-1 text-muted">{t('prefs.intro')}</p>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">{t('prefs.title')}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-2 pr-2 font-medium">
                  {t('prefs.kind')}
                </th>
                {NOTIFICATION_CHANNELS.map((c) => (
                  <th key={c} scope="col" className="px-1 py-2 text-center font-medium">
                    {t(`channels.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {CHOOSABLE_KINDS.map((kind) => (
                <tr key={kind} className="border-t border-line">
                  <th scope="row" className="py-2 pr-2 font-normal">
                    {t(`prefs.kinds.${kind}`)}
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <td key={channel} className="px-1 py-2 text-center">
                      <input
                        type="checkbox"
                        className="size-6 accent-accent"
                        aria-label={`${t(`prefs.kinds.${kind}`)}: ${t(`channels.${channel}`)}`}
                        checked={
                          prefs.choices[kind][channel] ||
                          (kind === 'news' && channel === 'email' && prefs.news_email === 'pending')
                        }
                        onChange={(e) => set(kind, channel, e.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
              {/* Always on, by mail only: shown as they are, nothing to change (issue 13). */}
              {ALWAYS_ON_KINDS.map((kind) => (
                <tr key={kind} className="border-t border-line">
                  <th scope="row" className="py-2 pr-2 font-normal">
                    {t(`prefs.kinds.${kind}`)}
                  </th>
                  <td
                    colSpan={NOTIFICATION_CHANNELS.length}
                    className="px-1 py-2 text-center text-sm text-muted"
                  >
                    {t('prefs.always_on')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {prefs.news_email === 'pending' && (
          <p className="mt-3 text-sm text-muted">{t('prefs.news_pending')}</p>
        )}
        <p className="mt-3 text-sm text-muted">{t('prefs.account')}</p>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">{t('quiet.title')}</h2>
        <p className="mt-1 text-muted">{t('quiet.intro', { zone: prefs.time_zone })}</p>
        <div className="mt-4 flex flex-wrap gap-4">
          {(['start', 'end'] as const).map((edge) => (
            <div key={edge} className="flex flex-col gap-1">
              <label htmlFor={edge === 'start' ? startId : endId} className="font-medium">
                {t(`quiet.${edge}`)}
              </label>
              <select
                id={edge === 'start' ? startId : endId}
                className="min-h-11 rounded-xl border border-line-strong bg-surface px-3"
                value={prefs.quiet_hours[edge]}
                disabled={update.isPending}
                onChange={(e) =>
                  update.choose({ quiet_hours: { ...prefs.quiet_hours, [edge]: Number(e.target.value) } })
                }
              >
                {hours.map((h) => (
                  <option key={h} value={h}>
                    {`${String(h).padStart(2, '0')}:00`}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      </Card>
      <PushCard publicKey={prefs.push_public_key} />
    </div>
  );
}

/** Push on this device: the browser's permission and subscription, kept on the server. */
function PushCard({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation('notifications');
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = pushSupported();
  useEffect(() => {
    void currentPushSubscription().then((s) => setOn(Boolean(s)));
  }, []);
  const toggle = async (want: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (want) {
        const granted = await enablePush(publicKey);
        setOn(granted);
        if (!granted) setError(t('push.denied'));
      } else {
        await disablePush();
        setOn(false);
      }
    } catch {
      setError(t('push.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <Switch
        label={t('push.label')}
        description={supported ? t('push.description') : t('push.unsupported')}
        checked={on}
        disabled={!supported || busy}
        onCheckedChange={(v) => void toggle(v)}
      />
      {error && (
        <div className="mt-3">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </Card>
  );
}
