import type { ChatPrivacy } from '@trostnetz/contracts/chat';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useChatPrivacy, useSaveChatPrivacy } from '../../../domain/chat/chat-privacy.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { SettingsSection } from './settings-section.tsx';

/** Read receipts and the typing signal, each switched off both ways (issue 13); saved on each change. */
export function ChatPrivacySection() {
  const { t } = useTranslation('settings');
  const prefs = useChatPrivacy();
  return (
    <SettingsSection title={t('chatPrivacy.title')} text={t('chatPrivacy.text')}>
      <QueryView query={prefs} loading={t('chatPrivacy.loading')}>
        {(data) => <ChatPrivacySwitches prefs={data} />}
      </QueryView>
    </SettingsSection>
  );
}

function ChatPrivacySwitches({ prefs }: { prefs: ChatPrivacy }) {
  const { t } = useTranslation('settings');
  const save = useSaveChatPrivacy();
  const toMessage = useErrorMessage();
  const change = (next: Partial<ChatPrivacy>) => save.mutate({ ...prefs, ...next });
  return (
    <div className="space-y-5">
      <Switch
        label={t('chatPrivacy.readReceipts')}
        description={t('chatPrivacy.readReceiptsText')}
        checked={prefs.read_receipts}
        disabled={save.isPending}
        onCheckedChange={(read_receipts) => change({ read_receipts })}
      />
      <Switch
        label={t('chatPrivacy.typing')}
        description={t('chatPrivacy.typingText')}
        checked={prefs.typing}
        disabled={save.isPending}
        onCheckedChange={(typing) => change({ typing })}
      />
      <div aria-live="polite">
        {save.isSuccess && <Alert tone="success">{t('chatPrivacy.saved')}</Alert>}
        {save.isError && <Alert tone="error">{toMessage(save.error)}</Alert>}
      </div>
    </div>
  );
}
