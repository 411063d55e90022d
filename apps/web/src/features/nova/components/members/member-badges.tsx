import type { AdminMemberRow } from '@trostnetz/contracts/admin';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../../components/ui/cn.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';

/** A member's account state in short labels (text, not colour alone). */
export function MemberBadges({ member }: { member: AdminMemberRow }) {
  const { t } = useTranslation(CONSOLE_NS);
  const format = useFormat();
  const suspended = member.suspended_until && new Date(member.suspended_until) > new Date();
  const badges: Array<{ key: string; label: string; tone: 'plain' | 'good' | 'warn' }> = [
    member.verified
      ? { key: 'verified', label: t('members.badges.verified'), tone: 'good' }
      : { key: 'unverified', label: t('members.badges.unverified'), tone: 'plain' },
    ...(member.onboarded
      ? [{ key: 'onboarded', label: t('members.badges.onboarded'), tone: 'good' as const }]
      : []),
    ...(member.premium
      ? [{ key: 'premium', label: t('members.badges.premium'), tone: 'good' as const }]
      : []),
    ...member.roles.map((r) => ({
      key: `role-${r}`,
      label: t(`roles.${r}`, { defaultValue: r }),
      tone: 'plain' as const,
    })),
    ...(suspended && member.suspended_until
      ? [
          {
            key: 'suspended',
            label: t('members.badges.suspended', { date: format.date(member.suspended_until) }),
            tone: 'warn' as const,
          },
        ]
      : []),
    ...(member.deletion_pending
      ? [{ key: 'deletion', label: t('members.badges.deletion'), tone: 'warn' as const }]
      : []),
  ];
  return (
    <ul className="flex flex-wrap gap-1">
      {badges.map((b) => (
        <li
          key={b.key}
          className={cn(
            'rounded-full px-2 py-0.5 text-sm whitespace-nowrap',
            b.tone === 'good' && 'bg-accent-soft text-accent-strong',
            b.tone === 'warn' && 'bg-danger-soft text-danger-strong',
            b.tone === 'plain' && 'bg-warm text-ink',
          )}
        >
          {b.label}
        </li>
      ))}
    </ul>
  );
}
