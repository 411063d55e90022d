import type { SendPromptChoice, SendPromptSurface } from '@trostnetz/contracts/safety';
import { safetyApi } from '@trostnetz/contracts/safety.endpoints';
import { MessageCircleHeart } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/api-client.ts';
import { soundsHurtful } from './hurtful-words.ts';

/** Counts the choice (no text, no who) so the team sees how often the prompt led to a change. */
function countChoice(surface: SendPromptSurface, choice: SendPromptChoice) {
  void api(safetyApi.sendPrompts, { body: { surface, choice } }).catch(() => {});
}

/**
 * Before a chat message, a post or a comment leaves the device: text with hurtful or pressuring words
 * waits for the writer's choice ("Ändern" or "Trotzdem senden"). `mayGo(text)` answers at once for any
 * other text; otherwise the prompt (`prompt`) shows and the answer comes with the choice. Nothing is sent
 * to the server before it, and the choice is counted without the text.
 */
export function useSendCheck(surface: SendPromptSurface, onChange?: () => void) {
  const [asking, setAsking] = useState(false);
  const answer = useRef<((go: boolean) => void) | null>(null);
  const choose = useCallback(
    (choice: SendPromptChoice) => {
      setAsking(false);
      countChoice(surface, choice);
      answer.current?.(choice === 'send');
      answer.current = null;
      if (choice === 'change') onChange?.();
    },
    [surface, onChange],
  );
  const mayGo = useCallback((text: string): Promise<boolean> => {
    if (!soundsHurtful(text)) return Promise.resolve(true);
    answer.current?.(false);
    setAsking(true);
    return new Promise((resolve) => {
      answer.current = resolve;
    });
  }, []);
  // A form that goes away (a cancelled reply) sends nothing it was asked about.
  useEffect(() => () => answer.current?.(false), []);
  const prompt = asking ? <SendPrompt onChoose={choose} /> : null;
  return { mayGo, prompt, asking };
}

function SendPrompt({ onChoose }: { onChoose: (choice: SendPromptChoice) => void }) {
  const { t } = useTranslation('safety');
  const id = useId();
  const box = useRef<HTMLElement>(null);
  // The choice is the next thing to do: focus goes to "Ändern".
  useEffect(() => box.current?.querySelector('button')?.focus(), []);
  return (
    <section
      ref={box}
      data-send-prompt
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="flex items-start gap-3 rounded-xl border border-accent/30 bg-warm px-4 py-3 text-sm leading-relaxed"
    >
      <MessageCircleHeart aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
      <div className="min-w-0 flex-1">
        <h2 id={`${id}-title`} className="text-base font-semibold text-ink">
          {t('sendPrompt.title')}
        </h2>
        <p id={`${id}-text`} className="mt-1 text-ink">
          {t('sendPrompt.text')}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onChoose('change')}>
            {t('sendPrompt.change')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onChoose('send')}>
            {t('sendPrompt.send')}
          </Button>
        </div>
      </div>
    </section>
  );
}
