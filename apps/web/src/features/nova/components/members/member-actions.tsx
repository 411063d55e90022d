import {
  type AdminMemberDetail,
  deleteMemberBody,
  liftSuspensionBody,
  premiumBody,
  ROLE_NAMES,
  resetSecondFactorBody,
  rolesBody,
  SUSPENSION_REASONS,
  suspendBody,
} from '@trostnetz/contracts/admin';
import { adminMembersApi } from '@trostnetz/contracts/admin.endpoints';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { useMemberAction } from '../../api/members.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useCan, useStaff } from '../../staff-context.ts';
import { ActionDialog } from '../shared/action-dialog.tsx';

/** What the team may do with an account, each by its own permission; destructive ones ask for the password. */
export function MemberActions({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation([CONSOLE_NS, 'moderation']);
  const can = useCan();
  const me = useStaff();
  const navigate = useNavigate();
  const toMessage = useErrorMessage();
  const [done, setDone] = useState<string | null>(null);
  const verification = useMemberAction<undefined>(member.id, adminMembersApi.sendVerificationMail);
  const sessions = useMemberAction<undefined>(member.id, adminMembersApi.revokeSessions);
  const suspend = useMemberAction(member.id, adminMembersApi.suspend);
  const lift = useMemberAction(member.id, adminMembersApi.liftSuspension);
  const premium = useMemberAction(member.id, adminMembersApi.setPremium);
  const roles = useMemberAction(member.id, adminMembersApi.setRoles);
  const remove = useMemberAction(member.id, adminMembersApi.delete);
  const secondFactor = useMemberAction(member.id, adminMembersApi.resetSecondFactor);
  const suspended = member.suspended_until !== null && new Date(member.suspended_until) > new Date();
  const simpleError = verification.error ?? sessions.error;

  const password = {
    name: 'password',
    kind: 'password' as const,
    label: t('member.actions.password'),
    hint: t('member.actions.passwordHint'),
  };
  const reason = { name: 'text', kind: 'textarea' as const, label: t('member.actions.reason') };
  const said = (key: string) => () => setDone(t(`member.actions.done.${key}`));

  return (
    <section
      aria-labelledby="actions-title"
      className="space-y-4 rounded-2xl border border-line bg-surface p-5"
    >
      <h2 id="actions-title" className="text-lg font-semibold">
        {t('member.actions.title')}
      </h2>
      {done && <Alert tone="success">{done}</Alert>}
      {simpleError && <Alert tone="error">{toMessage(simpleError)}</Alert>}
      <div className="flex flex-wrap gap-2">
        {can('members.view') && !member.verified && (
          <Button
            variant="secondary"
            size="sm"
            loading={verification.isPending}
            onClick={() => verification.mutate(undefined, { onSuccess: said('verification') })}
          >
            {t('member.actions.verification')}
          </Button>
        )}
        {can('members.suspend') && (
          <Button
            variant="secondary"
            size="sm"
            loading={sessions.isPending}
            onClick={() => sessions.mutate(undefined, { onSuccess: said('sessions') })}
          >
            {t('member.actions.sessions')}
          </Button>
        )}
        {can('members.suspend') && !suspended && (
          <ActionDialog
            label={t('member.actions.suspend')}
            title={t('member.actions.suspendTitle', { name: member.nickname })}
            description={t('member.actions.suspendText')}
            schema={suspendBody}
            defaultValues={{ text: '', until: '', password: '' }}
            fields={[
              {
                name: 'reason_code',
                kind: 'select',
                label: t('member.actions.reasonCode'),
                options: SUSPENSION_REASONS.map((r) => ({ value: r, label: t(`moderation:rules.${r}`) })),
              },
              { ...reason, label: t('member.actions.statement') },
              { name: 'until', kind: 'date', label: t('member.actions.until') },
              password,
            ]}
            submitLabel={t('member.actions.suspendSubmit')}
            variant="danger"
            send={(values) => suspend.mutateAsync(values)}
            onDone={said('suspended')}
          />
        )}
        {can('members.suspend') && suspended && (
          <ActionDialog
            label={t('member.actions.lift')}
            title={t('member.actions.liftTitle', { name: member.nickname })}
            description={t('member.actions.liftText')}
            schema={liftSuspensionBody}
            defaultValues={{ text: '' }}
            fields={[reason]}
            submitLabel={t('member.actions.liftSubmit')}
            send={(values) => lift.mutateAsync(values)}
            onDone={said('lifted')}
          />
        )}
        {can('plans.manage') && (
          <ActionDialog
            label={member.premium ? t('member.actions.premiumTake') : t('member.actions.premiumGrant')}
            title={member.premium ? t('member.actions.premiumTake') : t('member.actions.premiumGrant')}
            description={t('member.actions.premiumText')}
            schema={premiumBody}
            defaultValues={{ premium: !member.premium, text: '', password: '' }}
            fields={[reason, password]}
            submitLabel={t('member.actions.confirm')}
            variant={member.premium ? 'danger' : 'secondary'}
            send={(values) => premium.mutateAsync({ ...values, premium: !member.premium })}
            onDone={said('premium')}
          />
        )}
        {can('roles.assign') && (
          <ActionDialog
            label={t('member.actions.roles')}
            title={t('member.actions.rolesTitle', { name: member.nickname })}
            description={t('member.actions.rolesText')}
            schema={rolesBody}
            defaultValues={{ roles: ROLE_NAMES.filter((r) => member.roles.includes(r)), password: '' }}
            fields={[
              {
                name: 'roles',
                kind: 'checkboxes',
                label: t('member.actions.rolesLabel'),
                options: ROLE_NAMES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
              },
              password,
            ]}
            submitLabel={t('member.actions.confirm')}
            variant="danger"
            send={(values) => roles.mutateAsync(values)}
            onDone={said('roles')}
          />
        )}
        {can('roles.assign') && member.second_factor_enrolled_at && member.id !== me.id && (
          <ActionDialog
            label={t('member.actions.secondFactor')}
            title={t('member.actions.secondFactorTitle', { name: member.nickname })}
            description={t('member.actions.secondFactorText')}
            schema={resetSecondFactorBody}
            defaultValues={{ text: '', password: '' }}
            fields={[reason, password]}
            submitLabel={t('member.actions.secondFactorSubmit')}
            variant="danger"
            send={(values) => secondFactor.mutateAsync(values)}
            onDone={said('secondFactor')}
          />
        )}
        {can('members.delete') && !member.deletion_pending && (
          <ActionDialog
            label={t('member.actions.delete')}
            title={t('member.actions.deleteTitle', { name: member.nickname })}
            description={t('member.actions.deleteText')}
            schema={deleteMemberBody}
            defaultValues={{ text: '', password: '' }}
            fields={[reason, password]}
            submitLabel={t('member.actions.deleteSubmit')}
            variant="danger"
            send={(values) => remove.mutateAsync(values)}
            onDone={() => navigate('/nova/members')}
          />
        )}
      </div>
    </section>
  );
}
