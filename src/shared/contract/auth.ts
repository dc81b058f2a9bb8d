import { z } from "zod";
import {
  meSchema,
  sendCodeAnswerSchema,
  sendCodeBodySchema,
  sessionAnswerSchema,
  verifyCodeBodySchema,
} from "../schemas/auth.ts";
import { endpoint, errorsOf } from "./route.ts";

const auth = endpoint.route({ tags: ["Auth"] });
const refused = { bad_request: errorsOf[400], rate_limited: errorsOf[429] } as const;

/** Sign-in by e-mailed code (public: listed in the server's public routes) and the signed-in user. */
export const authContract = {
  sendCode: auth
    .route({
      method: "POST",
      path: "/auth/code",
      summary: "E-mail a one-time sign-in code",
      description: "Six digits, valid 10 minutes. A new code can be requested 60 s after the last one.",
    })
    .errors(refused)
    .input(z.object({ body: sendCodeBodySchema }))
    .output(sendCodeAnswerSchema),
  verify: auth
    .route({
      method: "POST",
      path: "/auth/verify",
      summary: "Sign in with the e-mailed code",
      description: "Sets the session cookie. After 5 wrong codes the code is dead and a new one is needed.",
    })
    .errors(refused)
    .input(z.object({ body: verifyCodeBodySchema }))
    .output(meSchema),
  signOut: auth.route({
    method: "POST",
    path: "/auth/sign-out",
    successStatus: 204,
    successDescription: "Signed out",
    summary: "Sign out (deletes the session)",
  }),
  session: auth
    .route({
      method: "GET",
      path: "/auth/session",
      summary: "Who is signed in, if anyone",
      description:
        "The web app's session check: `me` as GET /me answers it, or null without a (valid) session. Always 200, so a visitor's page load shows no failed request.",
    })
    .output(sessionAnswerSchema),
  me: auth
    .route({ method: "GET", path: "/me", summary: "The signed-in user, their profile and teams" })
    .errors({ unauthorized: errorsOf[401] })
    .output(meSchema),
};
