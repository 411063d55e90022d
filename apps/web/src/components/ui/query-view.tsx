import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useErrorMessage } from '../../lib/error-message.ts';
import { Alert } from './alert.tsx';
import { LoadingNote } from './spinner.tsx';

/** A query on screen: the loading line, then its error in the member's language, then `children(data)`. */
export function QueryView<T>({
  query,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  /** The visible loading text, translated. */
  loading: string;
  children: (data: T) => ReactNode;
}) {
  const toMessage = useErrorMessage();
  if (query.isPending) return <LoadingNote>{loading}</LoadingNote>;
  if (query.isError) return <Alert tone="error">{toMessage(query.error)}</Alert>;
  return children(query.data);
}
