import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from './cn.ts';
import { type FieldShellProps, inputClass } from './text-field.tsx';

interface TextareaFieldProps
  extends FieldShellProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof UseFormRegisterReturn | 'id'> {
  registration: UseFormRegisterReturn;
  maxLength?: number;
  /** Shown under the field, e.g. "120 / 500 Zeichen". */
  counter?: ReactNode;
}

export function TextareaField({
  label,
  error,
  hint,
  validity,
  registration,
  counter,
  className,
  ...rest
}: TextareaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counterId = counter ? `${id}-counter` : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        rows={4}
        className={cn(inputClass, 'min-h-28 resize-y', validity, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId, counterId].filter(Boolean).join(' ') || undefined}
        {...registration}
        {...rest}
      />
      <div className="flex items-start justify-between gap-3">
        {error ? (
          <p id={errorId} className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : (
          <span />
        )}
        {counter && (
          <p id={counterId} className="shrink-0 text-sm text-muted">
            {counter}
          </p>
        )}
      </div>
    </div>
  );
}
