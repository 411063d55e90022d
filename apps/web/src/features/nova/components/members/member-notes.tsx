import { type AdminMemberNote, memberNoteBody } from '@trostnetz/contracts/admin';
import { adminMembersApi } from '@trostnetz/contracts/admin.endpoints';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { TextareaField } from '../../../../components/ui/textarea-field.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../../lib/form.ts';
import { useMemberAction } from '../../api/members.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';

/** Notes only the team reads (and the member receives with an export of their data). */
export function MemberNotes({ memberId, notes }: { memberId: number; notes: AdminMemberNote[] }) {
  const { t } = useTranslation(CONSOLE_NS);
  const format = useFormat();
  const add = useMemberAction(memberId, adminMembersApi.addNote);
  const toMessage = useErrorMessage();
  const form = useZodForm(memberNoteBody, { defaultValues: { text: '' } });
  const text = useFieldState(form, 'text');
  const onSubmit = submitWith(form, async (values) => {
    await add.mutateAsync(values);
    form.reset({ text: '' });
  });
  return (
    <section
      aria-labelledby="notes-title"
      className="space-y-4 rounded-2xl border border-line bg-surface p-5"
    >
      <h2 id="notes-title" className="text-lg font-semibold">
        {t('member.notes.title')}
      </h2>
      {notes.length === 0 ? (
        <p className="text-muted">{t('member.notes.none')}</p>
      ) : (
        <ul className="space-y-3">
          {notes.map((n) => (
            <li key={n.id} className="rounded-xl bg-canvas px-4 py-3">
              <p className="whitespace-pre-line">{n.text}</p>
              <p className="mt-1 text-sm text-muted">
                {n.author?.nickname ?? '–'} · {format.dateTime(n.created_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-3">
        {add.isError && <Alert tone="error">{toMessage(add.error)}</Alert>}
        <TextareaField
          label={t('member.notes.label')}
          rows={3}
          registration={form.register('text')}
          {...text}
        />
        <Button type="submit" variant="secondary" loading={add.isPending}>
          {t('member.notes.add')}
        </Button>
      </form>
    </section>
  );
}
