import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Profile, ProfileBody } from "../../../../shared/schemas/profiles.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** Creates or updates the signed-in user's profile. */
export function updateProfile(body: ProfileBody): Promise<Profile> {
  return api.profiles.save({ body });
}

export function updateProfileMutationOptions() {
  return mutationOptions({ mutationKey: mutationKeys.profile.update(), mutationFn: updateProfile });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateProfileMutationOptions(),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.me() });
    },
  });
}
