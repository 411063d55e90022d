import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from './cn.ts';

export interface FieldShellProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** vee-valid / vee-invalid */
  validity?: string;
}

interface TextFieldProps
  extends FieldShellProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, keyof UseFormRegisterReturn | 'id'> {
  registration: UseFormRegisterReturn;
  /** Rendered inside the input's right edge (e.g. the show-password toggle). */
  trailing?: ReactNode;
}

export const inputClass =
  'block w-full rounded-xl border border-line-strong bg-surface px-4 py-3 text-base text-ink ' +
  'placeholder:text-muted/80 transition-colors ' +
  '[&.vee-invalid]:border-danger [&.vee-invalid]:bg-danger-soft/40 [&.vee-valid]:border-accent';

export function TextField({
  label,
  error,
  hint,
  validity,
  registration,
  trailing,
  className,
  ...rest
}: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          className={cn(inputClass, trailing ? 'pr-14' : undefined, validity, className)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          {...registration}
          {...rest}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
