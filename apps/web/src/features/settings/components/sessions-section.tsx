import type { SessionView } from '@trostnetz/contracts/settings';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useEndOtherSessions } from '../api/end-other-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/get-sessions.ts';
import { SettingsSection } from './settings-section.tsx';

const icons = { mobile: Smartphone, tablet: Tablet, desktop: Monitor };

/** Where the member is signed in (browser and device from the user agent), each can be ended. */
export function SessionsSection() {
  const { t } = useTranslation('settings');
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const toMessage = useErrorMessage();
  const failed = endOne.error ?? endOthers.error;
  return (
    <SettingsSection title={t('sessions.title')} text={t('sessions.text')}>
      <QueryView query={sessions} loading={t('loading')}>
        {(list) => (
          <div className="space-y-4">
            {failed && <Alert tone="error">{toMessage(failed)}</Alert>}
            {endOthers.isSuccess && (
              <Alert tone="success">{t('sessions.endedOthers', { count: endOthers.data })}</Alert>
            )}
            <ul
              className="divide-y divide-line rounded-xl border border-line"
              aria-label={t('sessions.title')}
            >
              {[...list]
                .sort((x, y) => Number(y.current) - Number(x.current))
                .map((s) => (
                  <SessionItem
                    key={s.id}
                    session={s}
                    onEnd={() => endOne.mutate(s.id)}
                    ending={endOne.isPending && endOne.variables === s.id}
                  />
                ))}
            </ul>
            {list.length > 1 && (
              <Button variant="secondary" loading={endOthers.isPending} onClick={() => endOthers.mutate()}>
                {t('sessions.endOthers')}
              </Button>
            )}
          </div>
        )}
      </QueryView>
    </SettingsSection>
  );
}

function SessionItem({
  session,
  onEnd,
  ending,
}: {
  session: SessionView;
  onEnd: () => void;
  ending: boolean;
}) {
  const { t, i18n } = useTranslation('settings');
  const Icon = icons[session.device];
  const unknown = t('sessions.unknown');
  const name = t('sessions.name', { browser: session.browser ?? unknown, os: session.os ?? unknown });
  const lastUsed = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(session.last_used_at),
  );
  return (
    <li className="flex flex-wrap items-center gap-3 p-4" data-testid="session">
      <Icon aria-hidden="true" className="size-6 shrink-0 text-muted" />
      {/* On a phone the button moves below the text rather than squeezing it. */}
      <div className="min-w-0 flex-1 basis-52">
        <p className="font-medium">
          {name}
          {session.current && (
            <span className="ml-2 inline-block rounded-full bg-accent-soft px-2 py-0.5 text-sm whitespace-nowrap text-accent-strong">
              {t('sessions.current')}
            </span>
          )}
        </p>
        <p className="text-sm text-muted">
          {[t(`sessions.device.${session.device}`), session.device_model].filter(Boolean).join(' · ')}
        </p>
        <p className="text-sm text-muted">{t('sessions.lastUsed', { when: lastUsed })}</p>
      </div>
      {!session.current && (
        <Button
          variant="ghost"
          size="sm"
          className="ml-6 sm:ml-0"
          loading={ending}
          onClick={onEnd}
          aria-label={t('sessions.endLabel', { name })}
        >
          {t('sessions.end')}
        </Button>
      )}
    </li>
  );
}
