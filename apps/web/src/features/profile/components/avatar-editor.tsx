import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@trostnetz/contracts/profile';
import { ImageUp, Trash2, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useApiImage } from '../../../lib/use-api-image.ts';
import { useDeleteAvatar } from '../api/delete-avatar.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';

const frame = 'size-24 shrink-0 rounded-full object-cover';

/** Why an upload was refused, in the member's words (the server decides by the file's content). */
function uploadError(error: unknown): string {
  if (!isApiError(error)) return 'avatar.errors.failed';
  if (error.status === 413) return 'avatar.errors.tooLarge';
  if (error.status === 415) return 'avatar.errors.wrongType';
  if (error.status === 422) return 'avatar.errors.notAPicture';
  return 'avatar.errors.failed';
}

/**
 * The picture: choose a file, see the square exactly as it will be saved (the middle of the picture,
 * as the server crops it), then save or discard it.
 */
export function AvatarEditor({ avatar }: { avatar: string | null }) {
  const { t } = useTranslation('profile');
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const current = useApiImage(avatar);

  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.url);
    },
    [chosen],
  );

  const choose = (file: File | undefined) => {
    setProblem(null);
    upload.reset();
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) return setProblem('avatar.errors.tooLarge');
    setChosen({ file, url: URL.createObjectURL(file) });
  };
  const discard = () => {
    setChosen(null);
    if (input.current) input.current.value = '';
  };
  const save = () => {
    if (!chosen) return;
    upload.mutate(chosen.file, { onSuccess: discard, onError: (e) => setProblem(uploadError(e)) });
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        {chosen ? (
          <img src={chosen.url} alt={t('avatar.previewAlt')} className={`${frame} ring-4 ring-accent/40`} />
        ) : current ? (
          <img src={current} alt={t('avatarAlt')} className={frame} />
        ) : (
          <span className="grid size-24 place-items-center rounded-full bg-accent-soft text-accent-strong">
            <UserRound aria-hidden="true" className="size-12" />
          </span>
        )}
        <div className="min-w-0 flex-1 space-y-2">
          {chosen ? (
            <>
              <output className="block">{t('avatar.preview')}</output>
              <div className="flex flex-wrap gap-2">
                <Button onClick={save} loading={upload.isPending}>
                  {t('avatar.save')}
                </Button>
                <Button variant="secondary" onClick={discard} disabled={upload.isPending}>
                  {t('avatar.discard')}
                </Button>
              </div>
            </>
          ) : (
            <div className="flex flex-wrap gap-2">
              <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line-strong bg-surface px-4 py-2 font-medium hover:bg-accent-soft has-focus-visible:outline-2 has-focus-visible:outline-accent">
                <input
                  ref={input}
                  type="file"
                  accept={AVATAR_MIME_TYPES.join(',')}
                  className="sr-only"
                  onChange={(e) => choose(e.target.files?.[0])}
                />
                <ImageUp aria-hidden="true" className="size-5" />
                {avatar ? t('avatar.change') : t('avatar.choose')}
              </label>
              {avatar && (
                <Button
                  variant="ghost"
                  onClick={() => remove.mutate()}
                  loading={remove.isPending}
                  aria-label={t('avatar.remove')}
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                  <span className="max-sm:sr-only">{t('avatar.remove')}</span>
                </Button>
              )}
            </div>
          )}
          <p className="text-sm text-muted">{t('avatar.hint')}</p>
        </div>
      </div>
      {problem && <Alert tone="error">{t(problem)}</Alert>}
    </div>
  );
}
