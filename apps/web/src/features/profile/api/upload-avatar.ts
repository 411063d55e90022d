import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileApi } from '@trostnetz/contracts/profile.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { ownProfileKey } from './get-own-profile.ts';

/** POST /api/profile/avatar (multipart): 413 too large, 415 not JPEG/PNG/WebP, 422 not a picture. */
export async function uploadAvatar(file: File) {
  const body = new FormData();
  body.append('avatar', file);
  return checked(api(profileApi.uploadAvatar, { body }), () =>
    import('@trostnetz/contracts/profile').then((c) => c.avatarResponse),
  );
}

/** The new path goes into the stored User too, so every avatar of the member shows the new picture. */
export function useAvatarChanged() {
  const client = useQueryClient();
  return (avatar: string | null) => {
    const { user, setUser } = useUserStore.getState();
    if (user) setUser({ ...user, avatar });
    return client.invalidateQueries({ queryKey: ownProfileKey });
  };
}

export function useUploadAvatar() {
  const changed = useAvatarChanged();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: ({ avatar }) => changed(avatar) });
}
