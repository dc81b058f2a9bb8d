import { expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { ReleaseManifest } from "../../src/shared/schemas/releases.ts";
import type { ApiApp } from "./api-app.ts";
import { call } from "./contract-client.ts";
import { buildKey, ownerWithProject } from "./factories.ts";

/** The releases tests' project, addresses and calls, on the file's app. */
export function releaseHelpers(api: () => ApiApp) {
  /** An owner's project in en, de, fr with three keys, German for two of them. */
  async function world() {
    const setup = await ownerWithProject(api(), ["de", "fr"]);
    const { owner, projectId } = setup;
    const keys = {
      title: await buildKey(owner, projectId, "home.title", {
        source: "Welcome",
        strings: { de: "Willkommen" },
      }),
      items: await buildKey(owner, projectId, "cart.items", {
        source: "{count, plural, one {# item} other {# items}}",
        strings: { de: "{count, plural, one {# Artikel} other {# Artikel}}" },
      }),
      hello: await buildKey(owner, projectId, "hello", { source: "Hello {name}" }),
    };
    return { ...setup, keys };
  }

  const url = (path: string) => `${api().app.url}${path}`;

  async function manifestOf(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(url(path), { headers });
    return {
      response,
      body: response.status === 200 ? ((await response.json()) as ReleaseManifest) : undefined,
    };
  }

  async function publish(client: Parameters<typeof call>[0], projectId: string, body = {}) {
    const published = await call(client, contract.releases.publish, { params: { projectId }, body });
    expect(published.status).toBe(201);
    return published.body;
  }

  return { world, url, manifestOf, publish };
}
