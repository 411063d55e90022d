import type { AdminMemberDetail } from '@trostnetz/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryView } from '../../../../components/ui/query-view.tsx';
import { useMember } from '../../api/members.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { ConsolePage } from '../console-page.tsx';
import { MemberActions } from './member-actions.tsx';
import { MemberBadges } from './member-badges.tsx';
import { MemberHistory } from './member-history.tsx';
import { MemberNotes } from './member-notes.tsx';
import { MemberSessions } from './member-sessions.tsx';

/** One member's account as the team sees it: state, sessions, reports, notes; never their conversations. */
export function MemberScreen() {
  const { t } = useTranslation([CONSOLE_NS, 'nova']);
  const id = Number(useParams().id);
  const query = useMember(id);
  return (
    <ConsolePage
      title={query.data?.nickname || t('nova:titles.nova-member')}
      intro={<Link to="/nova/members">{t('member.back')}</Link>}
      needs="members.view"
    >
      <QueryView query={query} loading={t('loading')}>
        {(member) => <MemberDetail member={member} />}
      </QueryView>
    </ConsolePage>
  );
}

function MemberDetail({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation(CONSOLE_NS);
  const format = useFormat();
  return (
    <div className="space-y-6">
      <section aria-labelledby="account-title" className="rounded-2xl border border-line bg-surface p-5">
        <h2 id="account-title" className="text-lg font-semibold">
          {t('member.account')}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,14rem)_1fr]">
          <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">
            {t('members.columns.id')}
          </dt>
          <dd className="tabular-nums">{member.id}</dd>
          <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">
            {t('members.columns.email')}
          </dt>
          <dd className="break-all">{member.email}</dd>
          <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">
            {t('members.columns.since')}
          </dt>
          <dd>{format.date(member.created_at)}</dd>
          {member.last_seen_at && (
            <>
              <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">
                {t('member.lastSeen')}
              </dt>
              <dd>{format.dateTime(member.last_seen_at)}</dd>
            </>
          )}
          <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">
            {t('members.columns.state')}
          </dt>
          <dd>
            <MemberBadges member={member} />
          </dd>
          {(member.roles.length > 0 || member.second_factor_enrolled_at) && (
            <>
              <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">
                {t('member.secondFactor.label')}
              </dt>
              <dd data-second-factor={member.second_factor_enrolled_at ? 'enrolled' : 'none'}>
                {member.second_factor_enrolled_at
                  ? t('member.secondFactor.enrolled', { date: format.date(member.second_factor_enrolled_at) })
                  : t('member.secondFactor.none')}
              </dd>
            </>
          )}
        </dl>
      </section>
      <MemberActions member={member} />
      <MemberSessions sessions={member.sessions} />
      <MemberHistory member={member} />
      <MemberNotes memberId={member.id} notes={member.notes} />
    </div>
  );
}
