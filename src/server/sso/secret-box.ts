import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";

/**
 * A team's identity-provider secret at rest (issue 38): encrypted with the key that signs sessions
 * (AUTH_SECRET), by better-auth's own cipher (XChaCha20-Poly1305). With AUTH_SECRET in the
 * environment, a copy of the database alone does not give the secret away.
 */
export function createSecretBox(authSecret: string) {
  return {
    seal: (plain: string) => symmetricEncrypt({ key: authSecret, data: plain }),
    open: (sealed: string) => symmetricDecrypt({ key: authSecret, data: sealed }),
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
