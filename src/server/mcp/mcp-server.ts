import type { CallToolResult, ServerContext } from "@modelcontextprotocol/server";
import { CLIENT_INFO_META_KEY, McpServer } from "@modelcontextprotocol/server";
import type { AnyContractProcedure } from "@orpc/contract";
import { z } from "zod";
import { apiKeyScopesOf } from "../../shared/contract/v1.ts";
import type { ApiKeyScope } from "../../shared/schemas/api-keys.ts";
import type { KeyGate } from "../api-keys/authorize.ts";
import type { ApiKeyRow } from "../api-keys/queries.ts";
import { AppError } from "../errors.ts";
import {
  detailedInput,
  flatInputSchema,
  type KeyCaller,
  type KeyProcedure,
  procedureName,
} from "../http/key-procedures.ts";
import { refuseBadText } from "../http/validate.ts";

/** The MCP server's name and what it tells an agent first. */
export const MCP_SERVER_INFO = { name: "sprog", title: "Sprog", version: "1.0.0" } as const;

function instructions(requestsPerMinute: number): string {
  return [
    "Sprog holds this project's UI texts in every language. The tools you see follow your API key's scopes:",
    "push (developer: search, create and rename keys, set source texts, find keys the code uses but the project lacks),",
    "translate (list what a language still needs, read a key's whole context, write translations; they land as unverified AI output for a person to review, and the answer lists the quality checks a text fails, so fix and write again),",
    "review (reviews and their pending keys, approve or ask for changes; never machine output).",
    "Read the glossary and the tone of voice before translating. Writes take dryRun to see what would change.",
    `Lists are paged (pass nextCursor back as cursor). Your key may make ${requestsPerMinute} calls a minute per scope: write many translations or keys in one call rather than one call each.`,
  ].join(" ");
}

/**
 * Who history and activity say wrote: the client's name as it introduced itself (a 2026-07-28
 * client on every request), else the name it gave when it connected with this key (a 2025 client's
 * initialize was another request), else the key's name, else its User-Agent product, else the
 * key's first characters.
 */
function agentName(
  ctx: ServerContext,
  server: McpServer,
  row: ApiKeyRow,
  request: Request | undefined,
): string {
  const envelope = (ctx.mcpReq.envelope ?? {}) as Record<string, { name?: unknown } | undefined>;
  const named = envelope[CLIENT_INFO_META_KEY]?.name;
  const client = typeof named === "string" ? named : server.server.getClientVersion()?.name;
  const product = request?.headers.get("user-agent")?.split(/[\s/]/)[0];
  const name = [client, row.client_name, row.name, product].find((n) => n?.trim())?.trim() ?? row.key_prefix;
  return name.slice(0, 100);
}

/** An error the agent can act on, as the tool's answer (not a protocol error, which it cannot read). */
function toolError(error: unknown): CallToolResult {
  const message =
    error instanceof AppError ? error.message : "An unexpected error occurred. Please try again.";
  return { isError: true, content: [{ type: "text", text: message }] };
}

function description(procedure: AnyContractProcedure): string {
  const { route } = procedure["~orpc"];
  return [route.summary, route.description].filter(Boolean).join("\n\n");
}

export interface McpServerDeps {
  procedures: readonly KeyProcedure[];
  gate: KeyGate;
  /** The key's rate limit per scope, which the instructions tell the agent. */
  requestsPerMinute: number;
  /** Unexpected failures, for the log; the agent gets the usual plain message. */
  onError: (error: unknown) => void;
}

/**
 * The MCP server one request with `row` is answered by: a tool for each public API procedure with
 * an `operationId` whose scope the key has, so a `pull` key never sees a write and a `translate`
 * key has no approve tool. A call is checked as a REST request is (scope, rate limit), runs the
 * same handler, and answers the contract's output as structured content.
 */
export function buildMcpServer(deps: McpServerDeps, row: ApiKeyRow, request: Request | undefined): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions: instructions(deps.requestsPerMinute),
    capabilities: { tools: {}, resources: {} },
  });
  const held = new Set<string>(row.scopes);
  for (const entry of deps.procedures) {
    const { procedure } = entry;
    const { route, outputSchema } = procedure["~orpc"];
    if (!route.operationId) continue;
    const scopes: ApiKeyScope[] = apiKeyScopesOf(procedure);
    if (!scopes.some((scope) => held.has(scope))) continue;
    if (!(outputSchema instanceof z.ZodObject))
      throw new Error(`${route.operationId}: output must be an object`);
    const readOnly = route.method === "GET" || entry.readOnly === true;
    server.registerTool(
      route.operationId,
      {
        title: route.summary,
        description: description(procedure),
        inputSchema: flatInputSchema(procedure),
        outputSchema,
        annotations: { readOnlyHint: readOnly, destructiveHint: false, openWorldHint: false },
      },
      async (args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> => {
        try {
          await deps.gate.permit(row, scopes);
          // What the REST edge refuses before zod: a NUL or half a character PostgreSQL cannot hold.
          refuseBadText(args);
          const caller: KeyCaller = { apiKey: row, agent: agentName(ctx, server, row, request) };
          const answer = await entry.handle(detailedInput(procedure, args) as never, caller);
          const structured = JSON.parse(JSON.stringify(answer ?? {})) as Record<string, unknown>;
          const images = entry.images ? await entry.images(answer as never, caller) : [];
          return {
            structuredContent: structured,
            content: [
              { type: "text", text: JSON.stringify(structured) },
              ...images.map((image) => ({ type: "image" as const, ...image })),
            ],
          };
        } catch (error) {
          if (!(error instanceof AppError)) deps.onError(error);
          return toolError(error);
        }
      },
    );
    if (entry.resource) {
      const { uri, name } = entry.resource;
      server.registerResource(
        name,
        uri,
        { title: route.summary, description: description(procedure), mimeType: "application/json" },
        async (_uri: URL, ctx: ServerContext) => {
          await deps.gate.permit(row, scopes);
          const caller: KeyCaller = { apiKey: row, agent: agentName(ctx, server, row, request) };
          const answer = await entry.handle(detailedInput(procedure, {}) as never, caller);
          return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(answer) }] };
        },
      );
    }
  }
  return server;
}

/** The names of the tools a key with these scopes gets (docs and tests). */
export function toolNamesFor(procedures: readonly KeyProcedure[], scopes: readonly ApiKeyScope[]): string[] {
  return procedures
    .filter(({ procedure }) => procedure["~orpc"].route.operationId)
    .filter(({ procedure }) => apiKeyScopesOf(procedure).some((scope) => scopes.includes(scope)))
    .map(({ procedure }) => procedureName(procedure));
}
