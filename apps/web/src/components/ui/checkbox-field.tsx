import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from './cn.ts';

interface CheckboxFieldProps {
  label: ReactNode;
  error?: string;
  validity?: string;
  registration: UseFormRegisterReturn;
}

export function CheckboxField({ label, error, validity, registration }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className={cn('mt-1 size-5 shrink-0 accent-accent', validity)}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...registration}
        />
        <label htmlFor={id} className="leading-relaxed">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
