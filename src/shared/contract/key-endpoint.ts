import type { AnyContractProcedure } from "@orpc/contract";
import { type ApiKeyScope, apiKeyScopeSchema } from "../schemas/api-keys.ts";
import { API_KEY_HEADER } from "../schemas/pull.ts";
import { endpoint, errorsOf } from "./route.ts";

// What every /api/v1 endpoint starts from: a project API key with the scope it needs, written as
// the endpoint's OpenAPI security requirement, which the server authorizes by (contract-routes.ts)
// and the MCP server chooses a key's tools by.

/** The OpenAPI security scheme of every /api/v1 endpoint. */
export const API_KEY_SECURITY_SCHEME = {
  apiKey: {
    type: "apiKey",
    in: "header",
    name: API_KEY_HEADER,
    description:
      "A project API key (Project Settings → API Access). Each endpoint names the scopes that let a key call it: pull, push, translate, review, release or webhooks:manage.",
  },
} as const;

/**
 * An endpoint authorized by a key with `scope`, or with any of `scopes` (a read every kind of key
 * makes): its security requirements in the API document, one per scope that suffices.
 */
export function withKey(
  scope: ApiKeyScope | readonly ApiKeyScope[],
  parameters: { name: string; description: string }[] = [],
) {
  const scopes: readonly ApiKeyScope[] = typeof scope === "string" ? [scope] : scope;
  return endpoint.route({
    spec: (operation) => ({
      ...operation,
      security: scopes.map((s) => ({ apiKey: [s] })),
      parameters: [
        ...(operation.parameters ?? []),
        ...parameters.map(({ name, description }) => ({
          name,
          in: "header" as const,
          required: false,
          description,
          schema: { type: "string" as const },
        })),
      ],
    }),
  });
}

/** The scopes that let a key call an /api/v1 endpoint (any one suffices), from its security requirements. */
export function apiKeyScopesOf(procedure: AnyContractProcedure): ApiKeyScope[] {
  const spec = procedure["~orpc"].route.spec;
  if (typeof spec !== "function") return [];
  const requirements = spec({ responses: {} }).security ?? [];
  return requirements.flatMap((r) => apiKeyScopeSchema.safeParse(r.apiKey?.[0]).data ?? []);
}

export const keyErrors = {
  unauthorized: { ...errorsOf[401], message: "Missing, unknown or revoked API key" },
  forbidden: { ...errorsOf[403], message: "The API key lacks the endpoint's scope" },
  rate_limited: { ...errorsOf[429], message: "Over the key's 60 requests a minute for this scope" },
} as const;

/** Every scope: a read any key of the project may make (its glossary, tone of voice, languages). */
export const ANY_KEY_SCOPE: readonly ApiKeyScope[] = apiKeyScopeSchema.options;
