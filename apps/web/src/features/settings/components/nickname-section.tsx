import { NICKNAME_MAX, NICKNAME_MIN } from '@trostnetz/contracts/fields';
import { changeNicknameBody } from '@trostnetz/contracts/settings';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { useChangeNickname } from '../api/change-nickname.ts';
import { SettingsSection } from './settings-section.tsx';

export function NicknameSection() {
  const { t } = useTranslation('settings');
  const nickname = useUserStore((s) => s.user?.nickname ?? '');
  const change = useChangeNickname();
  const toMessage = useErrorMessage();
  const form = useZodForm(changeNicknameBody, { values: { nickname } });
  const field = useFieldState(form, 'nickname');
  const onSubmit = submitWith(form, (values) => change.mutateAsync(values));
  return (
    <SettingsSection title={t('nickname.title')} text={t('nickname.text')}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {change.isSuccess && <Alert tone="success">{t('nickname.saved')}</Alert>}
        {change.isError && !form.formState.errors.nickname && (
          <Alert tone="error">{toMessage(change.error)}</Alert>
        )}
        <TextField
          label={t('nickname.label')}
          hint={t('nickname.hint', { min: NICKNAME_MIN, max: NICKNAME_MAX })}
          autoComplete="nickname"
          aria-required="true"
          registration={form.register('nickname')}
          {...field}
        />
        <Button type="submit" variant="secondary" loading={change.isPending} loadingLabel={t('saving')}>
          {t('nickname.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}
