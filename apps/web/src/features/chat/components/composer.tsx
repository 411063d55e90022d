import { MESSAGE_MAX } from '@trostnetz/contracts/chat';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { CrisisHint } from '../../../domain/safety/crisis-hint.tsx';
import { useSendCheck } from '../../../domain/safety/send-check.tsx';
import { ContactHint } from './contact-hint.tsx';

const MAX_HEIGHT_PX = 200;

/**
 * Enter sends, Shift+Enter starts a new line; focus stays in the field after sending. In a new
 * partnership, contact details in the text bring a safety note (ContactHint); hurtful or pressuring
 * words wait for the writer's choice first (useSendCheck).
 */
export function Composer({
  name,
  newPartnership = false,
  onSend,
  onTyping,
}: {
  name: string;
  newPartnership?: boolean;
  onSend: (text: string) => void;
  onTyping: () => void;
}) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const errorId = useId();
  const over = text.trim().length - MESSAGE_MAX;
  const check = useSendCheck('chat', () => field.current?.focus());

  const grow = (el: HTMLTextAreaElement) => {
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || over > 0 || check.asking) return;
    if (!(await check.mayGo(text))) return;
    onSend(text);
    setText('');
    const el = field.current;
    if (el) {
      el.value = '';
      grow(el);
      el.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="border-t border-line bg-canvas px-4 pt-3 pb-3">
      <CrisisHint text={text} className="mb-2 empty:mb-0" />
      <ContactHint text={text} active={newPartnership} />
      <div aria-live="polite" className="mb-2 empty:mb-0">
        {check.prompt}
      </div>
      <div className="flex items-end gap-2">
        <label htmlFor={`${hintId}-field`} className="sr-only">
          {t('composer.label', { name })}
        </label>
        <textarea
          id={`${hintId}-field`}
          ref={field}
          rows={1}
          value={text}
          placeholder={t('composer.placeholder')}
          aria-describedby={over > 0 ? `${hintId} ${errorId}` : hintId}
          aria-invalid={over > 0 || undefined}
          className="min-h-12 flex-1 resize-none rounded-xl border border-line-strong bg-surface px-4 py-2.5 text-base leading-relaxed text-ink placeholder:text-muted"
          onChange={(e) => {
            setText(e.target.value);
            grow(e.target);
            if (e.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className={buttonClass('primary', 'min-h-12 shrink-0')}>
          <SendHorizontal aria-hidden="true" className="size-5" />
          <span className="sr-only sm:not-sr-only">{t('composer.send')}</span>
        </button>
      </div>
      <p id={hintId} className="mt-1 hidden text-sm text-muted sm:block">
        {t('composer.hint')}
      </p>
      {over > 0 && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-danger-strong">
          {t('composer.tooLong', { max: MESSAGE_MAX, count: over })}
        </p>
      )}
    </form>
  );
}
