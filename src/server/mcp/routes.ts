import { createMcpHandler } from "@modelcontextprotocol/server";
import { Hono } from "hono";
import { API_KEY_HEADER } from "../../shared/schemas/pull.ts";
import type { ApiKeyRow } from "../api-keys/queries.ts";
import type { ApiKeyService } from "../api-keys/service.ts";
import type { AppEnv } from "../http/app-env.ts";
import { originCheck } from "../http/security.ts";
import { buildMcpServer, type McpServerDeps } from "./mcp-server.ts";

/** Where coding agents connect (Streamable HTTP). */
export const MCP_PATH = "/mcp";

/** The key of a request: the x-api-key header, or `Authorization: Bearer`, which most MCP clients set. */
function keyOf(request: Request): string | undefined {
  const header = request.headers.get(API_KEY_HEADER);
  if (header) return header;
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "");
  return bearer?.[1]?.trim();
}

/** How much of a POST is read to see whether it is an `initialize`: far more than one ever needs. */
const INITIALIZE_PEEK_BYTES = 64 * 1024;

/**
 * The client name an `initialize` request gives, if this is one. A client of the 2025 protocol
 * names itself only there, so the key remembers it for the calls that follow.
 */
async function initializeClientName(request: Request): Promise<string | undefined> {
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!(length <= INITIALIZE_PEEK_BYTES)) return undefined;
  const text = await request.clone().text();
  if (!text.includes('"initialize"')) return undefined;
  try {
    const message = JSON.parse(text) as { method?: unknown; params?: { clientInfo?: { name?: unknown } } };
    const name = message.method === "initialize" ? message.params?.clientInfo?.name : undefined;
    return typeof name === "string" && name.trim() ? name.trim().slice(0, 100) : undefined;
  } catch {
    // Not JSON: the SDK answers that.
    return undefined;
  }
}

/**
 * POST /mcp: the MCP server, stateless, one server per request (the SDK's own handler serves the
 * 2026-07-28 revision and the 2025 ones): the key is checked first (401 before the body is read),
 * then the request is answered by a server holding the tools of the key's scopes. A browser page
 * of another origin is refused, as for the session API (DNS rebinding).
 */
export function mcpRoutes(
  deps: McpServerDeps & { apiKeys: Pick<ApiKeyService, "noteClient">; publicUrl: string; maxBodyMb: number },
) {
  const handler = createMcpHandler(
    ({ authInfo, requestInfo }) => {
      const row = authInfo?.extra?.row as ApiKeyRow | undefined;
      if (!row) throw new Error("an MCP request reached the server without its key");
      return buildMcpServer(deps, row, requestInfo);
    },
    { maxRequestBodySize: deps.maxBodyMb * 1024 * 1024, onerror: deps.onError },
  );
  const app = new Hono<AppEnv>();
  app.use(MCP_PATH, originCheck([deps.publicUrl]));
  const serve = async (c: import("hono").Context<AppEnv>) => {
    const row = await deps.gate.authenticate(keyOf(c.req.raw));
    if (c.req.method === "POST") {
      const client = await initializeClientName(c.req.raw);
      if (client) await deps.apiKeys.noteClient(row, client);
    }
    return handler.fetch(c.req.raw, {
      authInfo: { token: row.key_prefix, clientId: row.id, scopes: row.scopes, extra: { row } },
    });
  };
  app.post(MCP_PATH, serve);
  app.get(MCP_PATH, serve);
  app.delete(MCP_PATH, serve);
  return { app, close: () => handler.close() };
}
