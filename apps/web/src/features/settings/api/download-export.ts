import { useMutation } from '@tanstack/react-query';
import { accountApi } from '@trostnetz/contracts/account.endpoints';
import { api } from '../../../lib/api-client.ts';

const filenameOf = (disposition: string | null) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'trostnetz-export.zip';

/** GET /api/user/export: the ZIP is saved as a file (429 after a few a day). */
export async function downloadExport(): Promise<void> {
  const res = await api<Response>(accountApi.export, { headers: { Accept: 'application/zip' }, raw: true });
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filenameOf(res.headers.get('content-disposition'));
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const useDownloadExport = () => useMutation({ mutationFn: downloadExport });
