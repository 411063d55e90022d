import { staffTotpBody } from '@trostnetz/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../../lib/form.ts';
import { useConfirmTotp } from '../../api/session.ts';
import { CONSOLE_NS } from '../../console-texts.ts';

/** Second step of every later sign-in: a code from the authenticator, or one recovery code instead. */
export function CodeStep({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: string;
  onDone: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation(CONSOLE_NS);
  const [useRecovery, setUseRecovery] = useState(false);
  const confirm = useConfirmTotp();
  const toMessage = useErrorMessage();
  const form = useZodForm(staffTotpBody, { defaultValues: { challenge, code: '', recovery_code: '' } });
  const code = useFieldState(form, 'code');
  const recovery = useFieldState(form, 'recovery_code');

  const onSubmit = submitWith(form, async (values) => {
    await confirm.mutateAsync(
      useRecovery ? { challenge, recovery_code: values.recovery_code } : { challenge, code: values.code },
    );
    onDone();
  });

  const switchMode = () => {
    confirm.reset();
    form.reset({ challenge, code: '', recovery_code: '' });
    setUseRecovery((v) => !v);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
      <p className="text-muted">{useRecovery ? t('code.recoveryIntro') : t('code.intro')}</p>
      {confirm.isError && <Alert tone="error">{toMessage(confirm.error)}</Alert>}
      {useRecovery ? (
        <TextField
          key="recovery"
          label={t('code.recoveryLabel')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-required="true"
          registration={form.register('recovery_code')}
          {...recovery}
        />
      ) : (
        <TextField
          key="code"
          label={t('code.label')}
          hint={t('code.hint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          aria-required="true"
          registration={form.register('code')}
          {...code}
        />
      )}
      <Button
        type="submit"
        className="w-full"
        loading={confirm.isPending}
        loadingLabel={t('signIn.checking')}
      >
        {t('code.submit')}
      </Button>
      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="ghost" size="sm" onClick={switchMode}>
          {useRecovery ? t('code.useApp') : t('code.useRecovery')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onRestart}>
          {t('code.restart')}
        </Button>
      </div>
    </form>
  );
}
