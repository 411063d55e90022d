import { changeEmailBody } from '@trostnetz/contracts/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { useSettings } from '../api/get-settings.ts';
import { SettingsSection } from './settings-section.tsx';

/** The sign-in address, an address waiting for its link, and the form to change it (asks the password). */
export function EmailSection() {
  const { t } = useTranslation('settings');
  const settings = useSettings();
  const [open, setOpen] = useState(false);
  const change = useChangeEmail();
  return (
    <SettingsSection title={t('email.title')} text={t('email.text')}>
      <QueryView query={settings} loading={t('loading')}>
        {({ user, pending_email }) => (
          <div className="space-y-4">
            <dl>
              <dt className="text-sm text-muted">{t('email.current')}</dt>
              <dd>
                {/* A long address may break anywhere; the status beside it never inside a word. */}
                <span className="wrap-anywhere">{user.email}</span>{' '}
                <span className="ml-1 inline-block rounded-full bg-accent-soft px-2 py-0.5 text-sm whitespace-nowrap text-accent-strong">
                  {user.is_verified ? t('email.verified') : t('email.unverified')}
                </span>
              </dd>
            </dl>
            {/* The waiting address says it all; the answer alone only while the list catches up. */}
            {change.isSuccess && !pending_email && <Alert tone="success">{change.data}</Alert>}
            {pending_email && <Alert tone="info">{t('email.pending', { email: pending_email })}</Alert>}
            {open ? (
              <EmailForm onDone={() => setOpen(false)} change={change} />
            ) : (
              <Button variant="secondary" onClick={() => setOpen(true)} aria-expanded={false}>
                {t('email.open')}
              </Button>
            )}
          </div>
        )}
      </QueryView>
    </SettingsSection>
  );
}

function EmailForm({ onDone, change }: { onDone: () => void; change: ReturnType<typeof useChangeEmail> }) {
  const { t } = useTranslation('settings');
  const toMessage = useErrorMessage();
  const form = useZodForm(changeEmailBody, { defaultValues: { email: '', password: '' } });
  const email = useFieldState(form, 'email');
  const password = useFieldState(form, 'password');
  const onSubmit = submitWith(form, async (values) => {
    await change.mutateAsync(values);
    onDone();
  });
  const fieldError = isApiError(change.error) && change.error.status === 422;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {change.isError && !fieldError && <Alert tone="error">{toMessage(change.error)}</Alert>}
      <TextField
        label={t('email.new')}
        hint={t('email.hint')}
        type="email"
        autoComplete="email"
        aria-required="true"
        registration={form.register('email')}
        {...email}
      />
      <PasswordField
        label={t('email.password')}
        autoComplete="current-password"
        aria-required="true"
        showLabel={t('showPassword')}
        hideLabel={t('hidePassword')}
        registration={form.register('password')}
        {...password}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={change.isPending} loadingLabel={t('saving')}>
          {t('email.submit')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
