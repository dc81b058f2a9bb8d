/**
 * The receiver's side of a Sprog webhook, as the docs show it. Plain strings: the Node one is run
 * by tests/integration/webhooks-docs.test.ts against the server's own signatures.
 */

export const WEBHOOK_BODY_EXAMPLE = `{
  "id": "5b0f6a0e-6c0d-4a53-9a0a-0b7f2f1c9d11",
  "event": "string.updated",
  "projectId": "a1c4…",
  "createdAt": "2026-11-26T09:30:00.000Z",
  "data": { "strings": [{ "keyId": "…", "language": "de" }] }
}`;

export const WEBHOOK_VERIFY_NODE = `import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * rawBody: the request body exactly as received (a string, before any JSON parsing);
 * header: the X-Sprog-Signature header; secret: the hook's signing secret (whsec_…).
 */
export function verifySprogSignature(rawBody, header, secret, now = Date.now()) {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=")));
  const t = Number(parts.t);
  // The replay window: refuse a signature made more than 5 minutes ago (or ahead).
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > 300) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

export const WEBHOOK_VERIFY_PYTHON = `import hashlib
import hmac
import time


def verify_sprog_signature(raw_body: bytes, header: str, secret: str) -> bool:
    """raw_body: the request body as received; header: X-Sprog-Signature."""
    parts = dict(part.split("=", 1) for part in header.split(","))
    try:
        t = int(parts["t"])
    except (KeyError, ValueError):
        return False
    # The replay window: refuse a signature made more than 5 minutes ago (or ahead).
    if abs(time.time() - t) > 300:
        return False
    expected = hmac.new(secret.encode(), f"{t}.".encode() + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts.get("v1", ""))`;
