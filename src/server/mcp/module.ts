import type { KeyGate } from "../api-keys/authorize.ts";
import type { ApiKeyService } from "../api-keys/service.ts";
import type { KeyProcedure } from "../http/key-procedures.ts";
import type { Core, FeatureModule } from "../modules/feature-module.ts";
import { mcpRoutes } from "./routes.ts";

/**
 * The MCP server for coding agents (issue 36) at /mcp: the public API's procedures as tools, for a
 * project API key, each tool there only when the key has its scope.
 */
export function mcpModule(
  core: Core,
  deps: { gate: KeyGate; apiKeys: ApiKeyService; procedures: readonly KeyProcedure[] },
): FeatureModule {
  const { app, close } = mcpRoutes({
    procedures: deps.procedures,
    gate: deps.gate,
    apiKeys: deps.apiKeys,
    requestsPerMinute: core.config.PULL_RATE_LIMIT_PER_MINUTE,
    onError: (error) => core.logger.error({ err: error }, "MCP tool failed"),
    publicUrl: core.config.publicUrl,
    maxBodyMb: core.config.MAX_JSON_BODY_MB,
  });
  return { name: "mcp", rootRoutes: app, stop: close };
}
