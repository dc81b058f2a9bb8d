import { z } from "zod";
import { profileBodySchema, profileSchema } from "../schemas/profiles.ts";
import { endpoint, errorsOf } from "./route.ts";

/** The signed-in user's own profile (names shown to teammates). */
export const profilesContract = {
  save: endpoint
    .route({
      method: "PUT",
      path: "/profile",
      tags: ["Profile"],
      summary: "Create or update the signed-in user's profile",
    })
    .errors({ bad_request: errorsOf[400], unauthorized: errorsOf[401] })
    .input(z.object({ body: profileBodySchema }))
    .output(profileSchema),
};
