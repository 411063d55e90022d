import { useSearchParams } from 'react-router';
import { cn } from '../../../../components/ui/cn.ts';

/** The state a list shows, kept in the address (`?status=`); the first state is the default. */
export function useStatusParam<S extends string>(states: readonly S[]): [S, (next: S) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('status');
  const status = (states as readonly string[]).includes(value ?? '') ? (value as S) : states[0]!;
  return [status, (next) => setParams(next === states[0] ? {} : { status: next })];
}

/** Toggle buttons for the states of a list (aria-pressed tells which one is shown). */
export function StatusFilter<S extends string>({
  label,
  states,
  current,
  onChange,
  labelOf,
}: {
  label: string;
  states: readonly S[];
  current: S;
  onChange: (next: S) => void;
  labelOf: (state: S) => string;
}) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {states.map((s) => (
        <li key={s}>
          <button
            type="button"
            aria-pressed={s === current}
            onClick={() => onChange(s)}
            className={cn(
              'min-h-11 rounded-full border px-4 font-medium',
              s === current
                ? 'border-accent bg-accent text-white'
                : 'border-line-strong bg-surface text-ink hover:bg-accent-soft',
            )}
          >
            {labelOf(s)}
          </button>
        </li>
      ))}
    </ul>
  );
}
