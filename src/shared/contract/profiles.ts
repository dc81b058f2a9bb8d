import { z } from "zod";
import {
  confirmEmailChangeBodySchema,
  emailChangeAnswerSchema,
  emailChangeBodySchema,
  emailChangedSchema,
  profileBodySchema,
  profileSchema,
} from "../schemas/profiles.ts";
import { endpoint, errorsOf } from "./route.ts";

const profile = endpoint.route({ tags: ["Profile"] });

/** The signed-in user's own profile (names shown to teammates) and e-mail address. */
export const profilesContract = {
  save: profile
    .route({
      method: "PUT",
      path: "/profile",
      summary: "Create or update the signed-in user's profile",
    })
    .errors({ bad_request: errorsOf[400], unauthorized: errorsOf[401] })
    .input(z.object({ body: profileBodySchema }))
    .output(profileSchema),
  requestEmailChange: profile
    .route({
      method: "POST",
      path: "/profile/email",
      successStatus: 202,
      successDescription: "Waiting for the confirmation",
      summary: "Change the account's e-mail address: mail a confirmation link to the new one",
      description:
        "The address changes only when the link (valid 24 hours) is opened; the old address is told " +
        "then. A new request replaces the last. 409 when another account has the address; 429 past " +
        "the limits of e-mail sends (per account an hour, per address ten minutes, 60 s between two).",
    })
    .errors({
      bad_request: errorsOf[400],
      unauthorized: errorsOf[401],
      conflict: { status: 409, message: "Another account has this address" },
      rate_limited: errorsOf[429],
    })
    .input(z.object({ body: emailChangeBodySchema }))
    .output(emailChangeAnswerSchema),
  confirmEmailChange: profile
    .route({
      method: "POST",
      path: "/profile/email/confirm",
      summary: "Open the e-mailed link: the account's address becomes the new one",
      description:
        "Public: the token from the link is the proof. 400 when the link has expired or was used; " +
        "409 when another account took the address meanwhile.",
    })
    .errors({
      bad_request: errorsOf[400],
      conflict: { status: 409, message: "Another account has this address" },
    })
    .input(z.object({ body: confirmEmailChangeBodySchema }))
    .output(emailChangedSchema),
};
