import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAvatarChanged } from './upload-avatar.ts';

/** DELETE /api/profile/avatar: 204. */
export const deleteAvatar = () => apiRequest<void>('/api/profile/avatar', { method: 'DELETE' });

export function useDeleteAvatar() {
  const changed = useAvatarChanged();
  return useMutation({ mutationFn: deleteAvatar, onSuccess: () => changed(null) });
}
