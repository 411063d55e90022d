import type { ChatMessage } from '@trostnetz/contracts/chat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { contactDetailsIn } from '../../../domain/safety/contact-hint.ts';
import { soundsHurtful } from '../../../domain/safety/hurtful-words.ts';
import { ReportDialog } from '../../../domain/safety/report-dialog.tsx';
import { reportMessage } from '../api/change-message.ts';

const CALM_KEY = 'trostnetz.chat.calm';
const CALM_KEPT = 200;

/** The messages the member answered "Nein, alles gut" for, on this device (the newest CALM_KEPT). */
function calmIds(): number[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(CALM_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}
function keepCalm(id: number) {
  try {
    localStorage.setItem(CALM_KEY, JSON.stringify([...calmIds(), id].slice(-CALM_KEPT)));
  } catch {
    // Private mode: the question stays hidden until the page is left.
  }
}

/** A partner's message that may weigh on the reader: hurtful or pressuring words, or contact details. */
export const mayWeigh = (text: string) => soundsHurtful(text) || contactDetailsIn(text).length > 0;

/**
 * Under a partner's message that may weigh on the reader, a quiet question: "Belastet dich diese
 * Nachricht?" with one tap to report this message (the report dialog, this message chosen) or
 * "Nein, alles gut", which hides the question for good on this device. Checked on the device only.
 */
export function ReceivedCheck({ message, name }: { message: ChatMessage; name: string }) {
  const { t } = useTranslation(['safety', 'chat']);
  const [calm, setCalm] = useState(() => calmIds().includes(message.id));
  if (calm || !mayWeigh(message.message)) return null;
  return (
    <div data-received-check className="mt-2 border-t border-line pt-2 text-sm">
      <p className="text-muted">{t('receivedCheck.question')}</p>
      <div className="mt-1 flex flex-wrap gap-2">
        <ReportDialog
          title={t('chat:actions.reportTitle', { name })}
          text={t('chat:actions.reportText', { name })}
          triggerLabel={t('receivedCheck.report')}
          trigger={
            <Button variant="secondary" size="sm">
              {t('receivedCheck.report')}
            </Button>
          }
          onReport={(values) => reportMessage(message.id, values)}
        />
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            keepCalm(message.id);
            setCalm(true);
          }}
        >
          {t('receivedCheck.fine')}
        </Button>
      </div>
    </div>
  );
}
