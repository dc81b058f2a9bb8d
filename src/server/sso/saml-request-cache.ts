import type { CacheProvider } from "@node-saml/node-saml";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { clearSignInRequestId, selectSignInRequestTime, setSignInRequestId } from "./saml-queries.ts";

/**
 * node-saml's memory of the AuthnRequests it sent (`validateInResponseTo: "always"`), kept on the
 * sign-in's own row in the database rather than in node-saml's in-memory cache: the IdP's answer
 * may reach another server process than the one that sent the request. It is bound to one sign-in
 * (its state, the RelayState): an answer to a request another sign-in sent is not found here, so a
 * response cannot be spent on someone else's sign-in. Removing an ID (node-saml does on success and
 * on failure) spends the request: no second answer to it is taken.
 */
export function signInRequestCache(db: Kysely<DB>, state: string): CacheProvider {
  return {
    async saveAsync(requestId, value) {
      if (!(await setSignInRequestId(db, state, requestId))) {
        throw new Error("the single sign-on sign-in to record the request on is gone");
      }
      return { value, createdAt: Date.now() };
    },
    async getAsync(requestId) {
      // node-saml compares the time it answers with requestIdExpirationPeriodMs.
      const sentAt = await selectSignInRequestTime(db, state, requestId);
      return sentAt ? sentAt.toISOString() : null;
    },
    async removeAsync(requestId) {
      if (requestId === null) return null;
      return (await clearSignInRequestId(db, state, requestId)) ? requestId : null;
    },
  };
}
