import {
  ABOUT_MAX,
  AUDIENCES,
  MOTTO_MAX,
  type OwnProfile,
  PROFILE_ITEMS,
  SENSITIVE_AUDIENCES,
  SENSITIVE_ITEMS,
  updateProfileBody,
} from '@trostnetz/contracts/profile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass, TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** Motto, "about me" and, per item, who sees it. Saved together; the server answers the new state. */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const update = useUpdateProfile();
  const form = useZodForm(updateProfileBody, {
    defaultValues: {
      motto: profile.motto ?? '',
      about: profile.about ?? '',
      visibility: { ...profile.visibility },
    },
  });
  const motto = useFieldState(form, 'motto');
  const about = useFieldState(form, 'about');
  const aboutLength = form.watch('about')?.length ?? 0;
  const onSubmit = submitWith(form, async ({ visibility = {}, ...texts }) => {
    // Only the choices the member changed: a save must not store today's defaults as their choices,
    // or a calmer default later (decision 024) would never reach them.
    const before = form.formState.defaultValues?.visibility ?? {};
    const changed = Object.fromEntries(
      PROFILE_ITEMS.filter((item) => visibility[item] !== before[item]).map((item) => [
        item,
        visibility[item],
      ]),
    );
    const saved = await update.mutateAsync(
      Object.keys(changed).length ? { ...texts, visibility: changed } : texts,
    );
    form.reset({ motto: saved.motto ?? '', about: saved.about ?? '', visibility: { ...saved.visibility } });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <TextField
        label={t('form.motto')}
        hint={t('form.mottoHint', { max: MOTTO_MAX })}
        registration={form.register('motto')}
        {...motto}
      />
      <TextareaField
        label={t('about')}
        hint={t('form.aboutHint')}
        rows={5}
        maxLength={ABOUT_MAX}
        counter={t('form.counter', { count: aboutLength, max: ABOUT_MAX })}
        registration={form.register('about')}
        {...about}
      />
      <fieldset className="space-y-3" aria-describedby={`${id}-vis-hint`}>
        <legend className="text-lg font-semibold">{t('visibility.title')}</legend>
        <p id={`${id}-vis-hint`} className="text-sm text-muted">
          {t('visibility.hint')}
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {PROFILE_ITEMS.map((item) => {
            const sensitive = SENSITIVE_ITEMS.includes(item);
            const choices = sensitive ? SENSITIVE_AUDIENCES : AUDIENCES;
            return (
              <div key={item} className="space-y-1.5">
                <label htmlFor={`${id}-${item}`} className="block font-medium">
                  {t(`visibility.items.${item}`)}
                </label>
                <select
                  id={`${id}-${item}`}
                  className={inputClass}
                  aria-describedby={sensitive ? `${id}-sensitive` : undefined}
                  {...form.register(`visibility.${item}`)}
                >
                  {choices.map((audience) => (
                    <option key={audience} value={audience}>
                      {t(`visibility.audiences.${audience}`)}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
        </div>
        <p id={`${id}-sensitive`} className="text-sm text-muted">
          {t('visibility.sensitive')}
        </p>
      </fieldset>
      {update.isSuccess && !form.formState.isDirty && (
        <Alert tone="success">
          <output>{t('form.saved')}</output>
        </Alert>
      )}
      {update.isError && update.error && !form.formState.errors.motto && !form.formState.errors.about && (
        <Alert tone="error">{t('form.failed')}</Alert>
      )}
      <Button type="submit" loading={form.formState.isSubmitting}>
        {t('form.save')}
      </Button>
    </form>
  );
}
