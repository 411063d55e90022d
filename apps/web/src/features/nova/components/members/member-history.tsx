import type { AdminMemberDetail } from '@trostnetz/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';

/** Reports about and by the member, suspensions and the statements of reasons they received. */
export function MemberHistory({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation([CONSOLE_NS, 'moderation']);
  const format = useFormat();
  const lists = [
    {
      key: 'reportsAbout',
      items: member.reports_about.map((r) => ({
        id: r.id,
        to: `/nova/reports/${r.id}`,
        text: `${t(`targets.${r.target_type}`)} · ${t(`reasons.${r.reason}`)} · ${t(`reports.status.${r.status}`)}`,
        at: r.created_at,
      })),
    },
    {
      key: 'reportsBy',
      items: member.reports_by.map((r) => ({
        id: r.id,
        to: `/nova/reports/${r.id}`,
        text: `${t(`targets.${r.target_type}`)} · ${t(`reasons.${r.reason}`)} · ${t(`reports.status.${r.status}`)}`,
        at: r.created_at,
      })),
    },
    {
      key: 'suspensions',
      items: member.suspensions.map((s) => ({
        id: s.id,
        to: null,
        text: `${t(`moderation:rules.${s.reason_code}`, { defaultValue: s.reason_code })} · ${t('member.history.until', { date: format.date(s.until) })}${s.lifted_at ? ` · ${t('member.history.lifted')}` : ''}`,
        at: s.created_at,
      })),
    },
    {
      key: 'notices',
      items: member.notices.map((n) => ({
        id: n.id,
        to: null,
        text: `${t(`decisionsDone.${n.decision}`)} · ${t(`moderation:rules.${n.rule}`, { defaultValue: n.rule })}${n.appeal_status ? ` · ${t(`appeals.outcome.${n.appeal_status}`)}` : ''}`,
        at: n.created_at,
      })),
    },
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {lists.map((list) => (
        <section
          key={list.key}
          aria-labelledby={`history-${list.key}`}
          className="rounded-2xl border border-line bg-surface p-5"
        >
          <h2 id={`history-${list.key}`} className="text-lg font-semibold">
            {t(`member.history.${list.key}`)}
          </h2>
          {list.items.length === 0 ? (
            <p className="mt-2 text-muted">{t('member.history.none')}</p>
          ) : (
            <ul className="mt-2 divide-y divide-line">
              {list.items.map((item) => (
                <li key={item.id} className="py-2">
                  {item.to ? <Link to={item.to}>{item.text}</Link> : item.text}
                  <span className="block text-sm text-muted">{format.dateTime(item.at)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
