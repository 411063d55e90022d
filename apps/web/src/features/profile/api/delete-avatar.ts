import { useMutation } from '@tanstack/react-query';
import { profileApi } from '@trostnetz/contracts/profile.endpoints';
import { api } from '../../../lib/api-client.ts';
import { useAvatarChanged } from './upload-avatar.ts';

/** DELETE /api/profile/avatar: 204. */
export const deleteAvatar = () => api(profileApi.deleteAvatar);

export function useDeleteAvatar() {
  const changed = useAvatarChanged();
  return useMutation({ mutationFn: deleteAvatar, onSuccess: () => changed(null) });
}
