import { CONTENT_NOTES, type ContentNote } from '@trostnetz/contracts/groups';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useContentNotes, useSaveContentNotes } from '../api/content-notes.ts';
import { SettingsSection } from './settings-section.tsx';

/** Which content notes collapse a post for me (only the note and "anzeigen" until I ask). */
export function ContentNotesSection() {
  const { t } = useTranslation('settings');
  const prefs = useContentNotes();
  return (
    <SettingsSection title={t('contentNotes.title')} text={t('contentNotes.text')}>
      <QueryView query={prefs} loading={t('contentNotes.loading')}>
        {(data) => <ContentNotesForm collapsed={data.collapsed} />}
      </QueryView>
    </SettingsSection>
  );
}

function ContentNotesForm({ collapsed }: { collapsed: ContentNote[] }) {
  const { t } = useTranslation(['settings', 'posts']);
  const save = useSaveContentNotes();
  const toMessage = useErrorMessage();
  const [chosen, setChosen] = useState<ContentNote[]>(collapsed);

  const toggle = (note: ContentNote, on: boolean) => {
    save.reset();
    setChosen((list) => (on ? [...list, note] : list.filter((n) => n !== note)));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(CONTENT_NOTES.filter((note) => chosen.includes(note)));
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      {save.isSuccess && <Alert tone="success">{t('contentNotes.saved')}</Alert>}
      {save.isError && <Alert tone="error">{toMessage(save.error)}</Alert>}
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium">{t('contentNotes.legend')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {CONTENT_NOTES.map((note) => (
            <label
              key={note}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line px-3 py-2 has-checked:border-accent has-checked:bg-accent-soft"
            >
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-accent"
                checked={chosen.includes(note)}
                onChange={(e) => toggle(note, e.target.checked)}
              />
              <span>{t(`posts:notes.keys.${note}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="secondary" loading={save.isPending} loadingLabel={t('saving')}>
        {t('contentNotes.submit')}
      </Button>
    </form>
  );
}
