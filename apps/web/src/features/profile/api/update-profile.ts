import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody } from '@trostnetz/contracts/profile';
import { profileApi } from '@trostnetz/contracts/profile.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { ownProfileKey } from './get-own-profile.ts';

/** PATCH /api/profile/me: 422 per field (`motto`, `about`, `visibility.<item>`). */
export async function updateProfile(body: UpdateProfileBody) {
  return checked(api(profileApi.update, { body }), () =>
    import('@trostnetz/contracts/profile').then((c) => c.ownProfile),
  );
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => client.setQueryData(ownProfileKey, profile),
  });
}
