import { execFileSync, spawnSync } from "node:child_process";
import { chownSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ConfigError } from "../../config.ts";

/** The OS user PostgreSQL runs as when Sprog runs as root (PostgreSQL refuses to run as root). */
export interface ServerUser {
  uid: number;
  gid: number;
  name: string;
}

const USER = "postgres";

function lookUp(name: string): ServerUser | undefined {
  try {
    const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid, name } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Undefined when this process is not root (PostgreSQL then runs as this process's user). As root,
 * the `postgres` user, made (a system user without a login) when the machine has none.
 */
export function serverUser(): ServerUser | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  const existing = lookUp(USER);
  if (existing) return existing;
  try {
    execFileSync(
      "useradd",
      ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", USER],
      {
        stdio: "pipe",
      },
    );
  } catch (error) {
    throw new ConfigError(
      `Sprog runs as root, and PostgreSQL refuses to: it runs the embedded server as the OS user '${USER}', which does not exist and could not be made (${(error as Error).message.trim()}). Create that user, run Sprog as another user, or set DATABASE_URL.`,
      { cause: error },
    );
  }
  const made = lookUp(USER);
  if (!made) throw new ConfigError(`The OS user '${USER}' was made but cannot be looked up.`);
  return made;
}

/**
 * As root, the cluster's folder belongs to the server's user, and that user must be able to reach
 * it through every parent folder: a data folder under /root is the usual way this fails.
 */
export function prepareForServerUser(user: ServerUser, clusterDir: string, dataDir: string): void {
  chownSync(clusterDir, user.uid, user.gid);
  const probe = spawnSync("test", ["-w", clusterDir], { uid: user.uid, gid: user.gid });
  if (probe.status === 0) return;
  throw new ConfigError(
    `The embedded PostgreSQL runs as the OS user '${user.name}' (PostgreSQL refuses root), and that user cannot reach ${clusterDir}. Let it through the folders above DATA_DIR (for example \`chmod o+x ${dirname(resolve(dataDir))}\`), or set DATA_DIR to a folder it can reach.`,
  );
}
