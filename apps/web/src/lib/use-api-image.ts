import { useEffect, useState } from 'react';
import { apiImage } from './api-client.ts';

/** An avatar path (SPEC.md §3) in the size that fits: lists take the small picture. */
export const avatarOfSize = (path: string, size: 'large' | 'small') =>
  size === 'small' ? path.replace(/\/large$/, '/small') : path;

/** The object URL of a picture the API serves to members only; null while loading or when refused. */
export function useApiImage(path: string | null): string | null {
  const [loaded, setLoaded] = useState<{ path: string; url: string } | null>(null);
  useEffect(() => {
    if (!path) return;
    let current = true;
    apiImage(path).then(
      (url) => current && setLoaded({ path, url }),
      () => current && setLoaded(null),
    );
    return () => {
      current = false;
    };
  }, [path]);
  return path && loaded?.path === path ? loaded.url : null;
}
