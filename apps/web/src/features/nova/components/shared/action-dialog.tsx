import { type ReactNode, useId, useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button, type ButtonVariant } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { PasswordField } from '../../../../components/ui/password-field.tsx';
import { inputClass, TextField } from '../../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../../components/ui/textarea-field.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../../lib/form.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { FieldError } from './field-error.tsx';

export type ActionField =
  | { name: string; kind: 'textarea' | 'text' | 'date' | 'password'; label: string; hint?: string }
  | { name: string; kind: 'select'; label: string; options: Array<{ value: string; label: string }> }
  | { name: string; kind: 'checkboxes'; label: string; options: Array<{ value: string; label: string }> };

interface ActionDialogProps<S extends z.ZodType<FieldValues, FieldValues>> {
  /** The button that opens it. */
  label: string;
  title: string;
  description: ReactNode;
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  fields: ActionField[];
  submitLabel: string;
  variant?: ButtonVariant;
  send: (values: z.output<S>) => Promise<unknown>;
  /** Said after success, in the page (role=status). */
  onDone?: () => void;
}

/**
 * One action on a member or an item, in a dialog: its reason, and for destructive actions the staff
 * member's password asked again (the server checks it: 403 reauth_required when wrong).
 */
export function ActionDialog<S extends z.ZodType<FieldValues, FieldValues>>({
  label,
  title,
  description,
  schema,
  defaultValues,
  fields,
  submitLabel,
  variant = 'secondary',
  send,
  onDone,
}: ActionDialogProps<S>) {
  const { t } = useTranslation(CONSOLE_NS);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const toMessage = useErrorMessage();
  const form = useZodForm(schema, { defaultValues });

  const onSubmit = submitWith(form, async (values) => {
    setError(null);
    setPending(true);
    try {
      await send(values);
      setOpen(false);
      form.reset(defaultValues);
      onDone?.();
    } catch (e) {
      setError(e);
      throw e;
    } finally {
      setPending(false);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      title={title}
      description={description}
      closeLabel={t('dialog.close')}
      trigger={
        <Button variant={variant === 'danger' ? 'secondary' : variant} size="sm">
          {label}
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {error !== null && <Alert tone="error">{toMessage(error)}</Alert>}
        {fields.map((field) => (
          <ActionFieldView key={field.name} form={form as unknown as AnyForm} field={field} />
        ))}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant={variant === 'danger' ? 'danger' : 'primary'} loading={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The fields are named by the schema the caller gives; here they are looked at by name only. */
type AnyForm = UseFormReturn<FieldValues, unknown, FieldValues>;

function ActionFieldView({ form, field }: { form: AnyForm; field: ActionField }) {
  const { t } = useTranslation(CONSOLE_NS);
  const id = useId();
  const name = field.name;
  const state = useFieldState(form, name);
  switch (field.kind) {
    case 'textarea':
      return (
        <TextareaField
          label={field.label}
          hint={field.hint}
          rows={3}
          registration={form.register(name)}
          {...state}
        />
      );
    case 'password':
      return (
        <PasswordField
          label={field.label}
          hint={field.hint}
          autoComplete="current-password"
          showLabel={t('signIn.showPassword')}
          hideLabel={t('signIn.hidePassword')}
          registration={form.register(name)}
          {...state}
        />
      );
    case 'text':
    case 'date':
      return (
        <TextField
          label={field.label}
          hint={field.hint}
          type={field.kind}
          registration={form.register(name)}
          {...state}
        />
      );
    case 'select':
      return (
        <div className="space-y-1.5">
          <label htmlFor={id} className="block font-medium">
            {field.label}
          </label>
          <select
            id={id}
            className={`${inputClass} ${state.validity ?? ''}`}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? `${id}-error` : undefined}
            {...form.register(name)}
          >
            <option value="">{t('dialog.choose')}</option>
            {field.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-error`} message={state.error} />
        </div>
      );
    case 'checkboxes':
      return (
        <fieldset>
          <legend className="font-medium">{field.label}</legend>
          <div className="mt-2 space-y-1">
            {field.options.map((o) => (
              <label key={o.value} className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  value={o.value}
                  className="size-5 accent-accent"
                  {...form.register(name)}
                />
                {o.label}
              </label>
            ))}
          </div>
          <FieldError id={`${id}-error`} message={state.error} />
        </fieldset>
      );
  }
}
