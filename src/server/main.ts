import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { createLogger } from "./logger.ts";
import { startServer } from "./server.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`\n${error.message}\n\nSee the Configuration table in README.md.\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  try {
    const server = await startServer(config, { logger });
    const shutdown = async (signal: string) => {
      logger.info({ signal }, "shutting down");
      await server.stop();
      process.exit(0);
    };
    process.once("SIGINT", () => void shutdown("SIGINT"));
    process.once("SIGTERM", () => void shutdown("SIGTERM"));
  } catch (error) {
    // Problems the person starting the server can fix get their message alone, not a stack trace.
    if (error instanceof DataDirLockedError || error instanceof ConfigError) {
      logger.fatal(error.message);
      process.stderr.write(`\n${error.message}\n`);
      process.exit(1);
    }
    logger.fatal({ err: error }, "Sprog could not start");
    process.exit(1);
  }
}

await main();
