import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type Profile, type ProfileBody, profileSchema } from "../../../../shared/schemas/profiles.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { meQueryKey } from "../../../lib/session.ts";

/** PUT /api/profile: creates or updates the signed-in user's profile. */
export function updateProfile(body: ProfileBody): Promise<Profile> {
  return apiRequest("/api/profile", profileSchema, { method: "PUT", body });
}

export function updateProfileMutationOptions() {
  return mutationOptions({ mutationKey: ["profile", "update"], mutationFn: updateProfile });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateProfileMutationOptions(),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
