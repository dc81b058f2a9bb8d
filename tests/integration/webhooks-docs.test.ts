import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { signatureHeader } from "../../src/server/webhooks/signature.ts";
import {
  WEBHOOK_VERIFY_NODE,
  WEBHOOK_VERIFY_PYTHON,
} from "../../src/web/features/docs/content/webhook-examples.ts";

// The docs' receiver snippets (docs topic api → Webhooks) run against the server's own signatures,
// so a change to the signature cannot leave the docs telling receivers something that fails.
const dir = mkdtempSync(join(tmpdir(), "sprog-webhook-docs-"));
const body = JSON.stringify({ id: "d1", event: "ping", projectId: "p1", createdAt: "now", data: {} });
const secret = `whsec_${"ab".repeat(32)}`;

type Verify = (rawBody: string, header: string, secret: string, now?: number) => boolean;

describe("the docs' signature checks", () => {
  it("Node: accepts the server's signature, refuses another body, secret or an old timestamp", async () => {
    const file = join(dir, "verify.mjs");
    writeFileSync(file, WEBHOOK_VERIFY_NODE);
    const { verifySprogSignature } = (await import(pathToFileURL(file).href)) as {
      verifySprogSignature: Verify;
    };
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader(secret, body, now);
    expect(verifySprogSignature(body, header, secret)).toBe(true);
    expect(verifySprogSignature(`${body} `, header, secret)).toBe(false);
    expect(verifySprogSignature(body, header, `${secret}x`)).toBe(false);
    expect(verifySprogSignature(body, signatureHeader(secret, body, now - 301), secret)).toBe(false);
  });

  it("Python: the same answers, when python3 is installed", () => {
    let python = true;
    try {
      execFileSync("python3", ["--version"]);
    } catch {
      python = false;
    }
    // Without python3 the snippet is at least checked to be the one the docs show.
    if (!python) {
      expect(WEBHOOK_VERIFY_PYTHON).toContain("def verify_sprog_signature");
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    const script = `${WEBHOOK_VERIFY_PYTHON}

import json, sys
cases = json.loads(sys.stdin.read())
print(json.dumps([verify_sprog_signature(c[0].encode(), c[1], c[2]) for c in cases]))
`;
    const file = join(dir, "verify.py");
    writeFileSync(file, script);
    const header = signatureHeader(secret, body, now);
    const cases = [
      [body, header, secret],
      [`${body} `, header, secret],
      [body, header, `${secret}x`],
      [body, signatureHeader(secret, body, now - 301), secret],
    ];
    const out = execFileSync("python3", [file], { input: JSON.stringify(cases) }).toString();
    expect(JSON.parse(out)).toEqual([true, false, false, false]);
  });
});
