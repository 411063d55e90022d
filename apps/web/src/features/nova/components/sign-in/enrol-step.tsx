import { type StaffSessionStart, staffEnrolBody } from '@trostnetz/contracts/admin';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../../lib/form.ts';
import { useEnrolTotp } from '../../api/session.ts';
import { CONSOLE_NS } from '../../console-texts.ts';

/** The secret in groups of four, easier to type into an authenticator by hand. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting up the second factor: the QR code is drawn here from the otpauth address (no image service
 * ever sees the secret); the secret is shown as text for authenticators without a camera.
 */
export function EnrolStep({
  start,
  onEnrolled,
}: {
  start: Extract<StaffSessionStart, { step: 'enrol' }>;
  onEnrolled: (recoveryCodes: string[]) => void;
}) {
  const { t } = useTranslation(CONSOLE_NS);
  const enrol = useEnrolTotp();
  const toMessage = useErrorMessage();
  const [qr, setQr] = useState<string | null>(null);
  const form = useZodForm(staffEnrolBody, { defaultValues: { challenge: start.challenge, code: '' } });
  const code = useFieldState(form, 'code');

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(start.otpauth_url, { margin: 1, width: 224, errorCorrectionLevel: 'M' }).then(
      (url) => live && setQr(url),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [start.otpauth_url]);

  const onSubmit = submitWith(form, async (values) => {
    const answer = await enrol.mutateAsync(values);
    onEnrolled(answer.recovery_codes);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
      <h2 className="text-lg font-semibold">{t('enrol.title')}</h2>
      <ol className="list-decimal space-y-2 pl-5 text-muted">
        <li>{t('enrol.stepApp')}</li>
        <li>{t('enrol.stepScan')}</li>
        <li>{t('enrol.stepCode')}</li>
      </ol>
      <div className="flex justify-center">
        {qr ? (
          <img
            src={qr}
            width={224}
            height={224}
            alt={t('enrol.qrAlt')}
            className="rounded-lg border border-line"
          />
        ) : (
          <div className="size-56 rounded-lg border border-dashed border-line-strong" aria-hidden="true" />
        )}
      </div>
      <div>
        <p className="font-medium">{t('enrol.secretLabel')}</p>
        <p data-totp-secret={start.secret} className="mt-1 break-all rounded-lg bg-warm px-3 py-2 font-mono">
          {groupedSecret(start.secret)}
        </p>
      </div>
      {enrol.isError && <Alert tone="error">{toMessage(enrol.error)}</Alert>}
      <TextField
        label={t('code.label')}
        hint={t('code.hint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        aria-required="true"
        registration={form.register('code')}
        {...code}
      />
      <Button type="submit" className="w-full" loading={enrol.isPending} loadingLabel={t('signIn.checking')}>
        {t('enrol.submit')}
      </Button>
    </form>
  );
}
