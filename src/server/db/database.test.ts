import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../config.ts";
import { openPostgres } from "./database.ts";

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago and is closed again). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

describe("a DATABASE_URL nobody answers at", () => {
  it("stops the start with a ConfigError naming the variable, the driver's error as its cause", async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/sprog`;

    const refused = await openPostgres(url).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(ConfigError);
    expect(refused).toMatchObject({ message: /^Cannot connect to DATABASE_URL: / });
    expect((refused as Error).cause).toMatchObject({ code: "ECONNREFUSED" });
  });

  it("makes the server process say so on stderr and exit 1", { timeout: 60_000 }, async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/sprog`;

    const child = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: url, PORT: "0", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });

    expect(child.status).toBe(1);
    expect(child.stderr).toContain("Cannot connect to DATABASE_URL: ");
  });
});
