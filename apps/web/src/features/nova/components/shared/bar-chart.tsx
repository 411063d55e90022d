import { useId } from 'react';

export interface ChartPoint {
  /** The day (YYYY-MM-DD) or any label. */
  label: string;
  value: number;
}

/**
 * A small bar chart drawn as SVG: a picture for the eye, with the figures themselves in a table for
 * screen readers (and for anyone who wants the exact numbers), so no chart library is needed.
 */
export function BarChart({
  title,
  points,
  formatLabel,
  tableCaption,
  labelHeader,
  valueHeader,
  figure = 'total',
  figureNote,
}: {
  title: string;
  points: ChartPoint[];
  formatLabel: (label: string) => string;
  tableCaption: string;
  labelHeader: string;
  valueHeader: string;
  /** The big number: the sum of the days, or the last day's (for counts that are not additive). */
  figure?: 'total' | 'last';
  figureNote?: string;
}) {
  const id = useId();
  const max = Math.max(1, ...points.map((p) => p.value));
  const total = figure === 'last' ? (points.at(-1)?.value ?? 0) : points.reduce((sum, p) => sum + p.value, 0);
  const width = 300;
  const height = 64;
  const gap = 2;
  const barWidth = points.length ? Math.max(1, (width - gap * (points.length - 1)) / points.length) : 0;

  return (
    <figure className="rounded-2xl border border-line bg-surface p-4" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="flex items-baseline justify-between gap-2">
        <span className="font-medium">{title}</span>
        <span className="text-right">
          <span className="block text-2xl font-semibold tabular-nums" data-chart-total>
            {total}
          </span>
          {figureNote && <span className="block text-sm text-muted">{figureNote}</span>}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="mt-3 h-16 w-full text-accent"
        aria-hidden="true"
        focusable="false"
      >
        {points.map((p, i) => {
          const h = p.value === 0 ? 1 : Math.max(2, (p.value / max) * height);
          return (
            <rect
              key={p.label}
              x={i * (barWidth + gap)}
              y={height - h}
              width={barWidth}
              height={h}
              rx={1}
              className={p.value === 0 ? 'fill-line' : 'fill-current'}
            />
          );
        })}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted">{tableCaption}</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{`${title}: ${tableCaption}`}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col" className="text-right">
                {valueHeader}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.label}>
                <td>{formatLabel(p.label)}</td>
                <td className="text-right tabular-nums">{p.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
