import { type GroupSummary, NOTIFICATION_LEVELS, type NotificationLevel } from '@trostnetz/contracts/groups';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useMembership } from '../api/membership.ts';

/** How much this group may tell me: watching, normal, muted (a calm native select). */
export function NotificationLevelSelect({ group }: { group: GroupSummary }) {
  const { t } = useTranslation('groups');
  const { level } = useMembership();
  const toMessage = useErrorMessage();
  const id = useId();
  const current = level.isPending ? level.variables.level : (group.notification_level ?? 'normal');
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {t('level.label')}
      </label>
      <select
        id={id}
        value={current}
        disabled={level.isPending}
        onChange={(e) => level.mutate({ id: group.id, level: e.target.value as NotificationLevel })}
        className={`${inputClass} min-h-11 py-2`}
      >
        {NOTIFICATION_LEVELS.map((value) => (
          <option key={value} value={value}>
            {t(`level.${value}`)}
          </option>
        ))}
      </select>
      {level.isError && <Alert tone="error">{toMessage(level.error)}</Alert>}
    </div>
  );
}
