import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** How old a signed timestamp a receiver should still accept (documented for receivers). */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** `whsec_` and 32 random bytes as hex, so people and secret scanners can tell what it is. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("hex")}`;
}

/**
 * `X-Sprog-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. The timestamp is
 * signed with the body, so a receiver that refuses timestamps older than five minutes cannot be
 * fed a recorded delivery again later.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const digest = createHmac("sha256", secret).update(`${unixSeconds}.${body}`, "utf8").digest("hex");
  return `t=${unixSeconds},v1=${digest}`;
}

/** The receiver's side, as the docs show it (and the tests use). */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS || !parts.v1)
    return false;
  const expected = Buffer.from(signatureHeader(secret, body, t).split("v1=")[1] ?? "", "hex");
  const given = Buffer.from(parts.v1, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}
