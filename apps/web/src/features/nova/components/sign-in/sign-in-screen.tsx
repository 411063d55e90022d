import type { StaffSessionStart } from '@trostnetz/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CONSOLE_NS } from '../../console-texts.ts';
import { CodeStep } from './code-step.tsx';
import { CredentialsStep } from './credentials-step.tsx';
import { EnrolStep } from './enrol-step.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

type Step =
  | { name: 'credentials' }
  | { name: 'second-factor'; start: StaffSessionStart }
  | { name: 'recovery-codes'; codes: string[] };

/** Only console addresses are followed after sign-in (a `next` elsewhere is ignored). */
export function consoleTarget(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/nova(\/[\w/-]*)?(\?[\w=&%-]*)?$/.test(next) && !next.startsWith('/nova/login')
    ? next
    : '/nova';
}

/**
 * The team's sign-in: e-mail and password, then the second factor. The first time, the authenticator
 * is set up here (QR code drawn in the browser, the secret never leaves it for a third party) and the
 * recovery codes are shown once; every other time a code (or a recovery code) is asked for.
 */
export function SignInScreen() {
  const { t } = useTranslation([CONSOLE_NS, 'nova']);
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  const target = consoleTarget(location.search);
  const done = () => navigate(target, { replace: true });

  return (
    <div className="py-8">
      <div className="rounded-3xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <h1 data-page-heading tabIndex={-1} className="text-2xl font-semibold tracking-tight">
          {t('nova:titles.nova-login')}
        </h1>
        {step.name === 'credentials' && (
          <CredentialsStep
            onStarted={(start) => setStep({ name: 'second-factor', start })}
            onForbidden={() => navigate('/nova/unauthorized', { replace: true })}
          />
        )}
        {step.name === 'second-factor' && step.start.step === 'enrol' && (
          <EnrolStep start={step.start} onEnrolled={(codes) => setStep({ name: 'recovery-codes', codes })} />
        )}
        {step.name === 'second-factor' && step.start.step === 'totp' && (
          <CodeStep
            challenge={step.start.challenge}
            onDone={done}
            onRestart={() => setStep({ name: 'credentials' })}
          />
        )}
        {step.name === 'recovery-codes' && <RecoveryCodes codes={step.codes} onContinue={done} />}
      </div>
    </div>
  );
}
