import type { GroupSummary } from '@trostnetz/contracts/groups';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useMembership } from '../api/membership.ts';

/** Join or leave a group; the button names the group for screen readers. */
export function MembershipButton({ group }: { group: GroupSummary }) {
  const { t } = useTranslation('groups');
  const { join, leave } = useMembership();
  const toMessage = useErrorMessage();
  const failed = join.error ?? leave.error;
  return (
    <div className="flex flex-col items-end gap-2">
      {group.joined ? (
        <Button
          variant="secondary"
          size="sm"
          loading={leave.isPending}
          onClick={() => leave.mutate(group.id)}
          aria-label={t('leaveNamed', { name: group.name })}
        >
          {t('leave')}
        </Button>
      ) : (
        <Button
          size="sm"
          loading={join.isPending}
          onClick={() => join.mutate(group.id)}
          aria-label={t('joinNamed', { name: group.name })}
        >
          {t('join')}
        </Button>
      )}
      {failed && <Alert tone="error">{toMessage(failed)}</Alert>}
    </div>
  );
}
