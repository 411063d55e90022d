import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData, TValue> {
    /** The header is read by screen readers only (a column of links or buttons). */
    hiddenHeader?: boolean;
  }
}

import { useTranslation } from 'react-i18next';
import { cn } from '../../../../components/ui/cn.ts';
import { CONSOLE_NS } from '../../console-texts.ts';

interface DataTableProps<T> {
  /** Names the table for screen readers and the scrolling region (shown when `showCaption`). */
  caption: string;
  showCaption?: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column, as in TanStack's own examples
  columns: ColumnDef<T, any>[];
  data: T[];
  /** What an empty table says instead (a real empty state, not a blank grid). */
  empty: ReactNode;
  /** Marks a row, e.g. concern reports. */
  rowClassName?: (row: T) => string | undefined;
  getRowId?: (row: T) => string;
}

/**
 * The console's tables (TanStack Table, headless): real <table> markup, sortable headers as buttons
 * with aria-sort. From 768 px down each row is a card whose cells carry their column's name (headers
 * are strings), so nothing hides beyond the right edge of a phone.
 */
export function DataTable<T>({
  caption,
  showCaption = false,
  columns,
  data,
  empty,
  rowClassName,
  getRowId,
}: DataTableProps<T>) {
  const { t } = useTranslation(CONSOLE_NS);
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId,
  });

  if (data.length === 0) return <>{empty}</>;

  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-line bg-surface"
    >
      <table className="w-full border-collapse text-left text-base max-md:block">
        <caption className={cn('px-4 pt-3 text-left font-semibold max-md:block', !showCaption && 'sr-only')}>
          {caption}
        </caption>
        <thead className="border-b border-line bg-warm/60 text-sm max-md:sr-only">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const text = flexRender(header.column.columnDef.header, header.getContext());
                const label = header.column.columnDef.meta?.hiddenHeader ? (
                  <span className="sr-only">{text}</span>
                ) : (
                  text
                );
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-4 py-2 font-semibold whitespace-nowrap"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.isPlaceholder ? null : header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="inline-flex min-h-11 items-center gap-1 rounded-lg hover:text-accent-strong"
                        onClick={header.column.getToggleSortingHandler()}
                        title={t('table.sort')}
                      >
                        {label}
                        {sorted === 'asc' ? (
                          <ArrowUp aria-hidden="true" className="size-4" />
                        ) : sorted === 'desc' ? (
                          <ArrowDown aria-hidden="true" className="size-4" />
                        ) : (
                          <ArrowUpDown aria-hidden="true" className="size-4 opacity-60" />
                        )}
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="max-md:block">
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              className={cn(
                'border-b border-line last:border-0 max-md:block max-md:py-2',
                rowClassName?.(row.original),
              )}
            >
              {row.getVisibleCells().map((cell) => {
                const { header, meta } = cell.column.columnDef;
                return (
                  <td
                    key={cell.id}
                    data-label={typeof header === 'string' && !meta?.hiddenHeader ? header : undefined}
                    className="px-4 py-3 align-top max-md:flex max-md:gap-3 max-md:py-1.5 max-md:before:w-28 max-md:before:shrink-0 max-md:before:text-sm max-md:before:font-semibold max-md:before:text-muted max-md:before:content-[attr(data-label)]"
                  >
                    <div className="min-w-0">{flexRender(cell.column.columnDef.cell, cell.getContext())}</div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
