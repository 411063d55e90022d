import type { User } from '@trostnetz/contracts/user';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useAppConfig } from '../../../lib/config.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { leaveTo } from '../../../lib/external-navigation.ts';
import { useResetMatching } from '../api/reset-matching.ts';
import { useToggleMatching } from '../api/toggle-matching.ts';

/** Pause (SPEC.md §4 Matching: changes only on {success: true}) and "answer again". */
export function MatchingSettings({ user }: { user: User }) {
  const { t } = useTranslation('dashboard');
  const toggle = useToggleMatching();
  const toMessage = useErrorMessage();
  const failed = toggle.isError || toggle.data?.success === false;

  return (
    <Card aria-labelledby="matching-settings" className="h-fit space-y-5" data-section="matching-settings">
      <h2 id="matching-settings" className="text-lg font-semibold">
        {t('matching.title')}
      </h2>
      <Switch
        label={t('matching.switch')}
        description={user.matching_status ? t('matching.activeText') : t('matching.pausedText')}
        checked={user.matching_status}
        disabled={toggle.isPending}
        onCheckedChange={() => toggle.mutate()}
      />
      {failed && (
        <Alert tone="error">{toggle.isError ? toMessage(toggle.error) : t('matching.toggleFailed')}</Alert>
      )}
      <ResetMatching />
    </Card>
  );
}

function ResetMatching() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const { onboarding_url } = useAppConfig();
  const reset = useResetMatching();
  const toMessage = useErrorMessage();
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    try {
      await reset.mutateAsync();
      setOpen(false);
      if (onboarding_url.startsWith('/')) navigate(onboarding_url);
      else leaveTo(onboarding_url);
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <div className="border-t border-line pt-5">
      <p className="text-sm text-muted">{t('reset.text')}</p>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('reset.title')}
        description={t('reset.confirmText')}
        closeLabel={t('reset.cancel')}
        trigger={
          <Button variant="secondary" size="sm" className="mt-3">
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('reset.button')}
          </Button>
        }
      >
        {reset.isError && <Alert tone="error">{toMessage(reset.error)}</Alert>}
        <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('reset.cancel')}
          </Button>
          <Button loading={reset.isPending} onClick={() => void confirm()}>
            {t('reset.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
