import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiKey, CreatedApiKey } from "../../../../shared/schemas/api-keys.ts";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { inputsOf, mockApi, refusal } from "../../../test/mock-api.ts";
import { fakeResizeObserver } from "../../../test/resize-observer.ts";
import { SettingsApiAccess } from "./settings-api-access.tsx";

const PROJECT: Project = {
  id: "p1",
  teamId: "t1",
  name: "App",
  kind: "web",
  sourceLanguage: "en",
  languages: ["en", "de"],
  placeholderFormat: "web",
  disabledChecks: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const USED: ApiKey = {
  id: "k2",
  projectId: "p1",
  name: "CI",
  prefix: "sprog_3f9a1c",
  createdAt: "2026-03-02T10:00:00.000Z",
  lastUsedAt: "2026-03-05T08:30:00.000Z",
  createdBy: "Ada Owner",
  scopes: ["pull", "push"],
};
const UNUSED: ApiKey = {
  id: "k1",
  projectId: "p1",
  name: null,
  prefix: "sprog_00aa11",
  createdAt: "2026-03-01T10:00:00.000Z",
  lastUsedAt: null,
  createdBy: null,
  scopes: ["pull"],
};
const SECRET = `sprog_${"ab".repeat(24)}`;

/** A fake API: project p1's key list, create (answers SECRET) and revoke. */
function stubApi(keys: ApiKey[]) {
  let stored = [...keys];
  const inP1 = (projectId: string) => {
    if (projectId !== "p1") throw refusal(404, "not_found", "No such API endpoint");
  };
  return mockApi({
    apiKeys: {
      list: ({ params }) => {
        inP1(params.projectId);
        return { keys: stored };
      },
      create: ({ params, body }) => {
        inP1(params.projectId);
        const created: CreatedApiKey = {
          id: "k3",
          projectId: "p1",
          name: body.name ?? null,
          prefix: SECRET.slice(0, 12),
          createdAt: "2026-03-06T09:00:00.000Z",
          lastUsedAt: null,
          createdBy: "Ada Owner",
          scopes: body.scopes ?? ["pull"],
          key: SECRET,
        };
        const { key: _key, ...listed } = created;
        stored = [listed, ...stored];
        return created;
      },
      revoke: ({ params }) => {
        stored = stored.filter((k) => k.id !== params.id);
      },
    },
  });
}

function setup() {
  fakeResizeObserver();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SettingsApiAccess project={PROJECT} host="https://sprog.example.com" />
    </QueryClientProvider>,
  );
  return { user };
}

const keyList = () => screen.findByRole("list", { name: "API keys" });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Project Settings → API Access", () => {
  it("lists the keys newest first with prefix, creation and last use, never the key", async () => {
    stubApi([USED, UNUSED]);
    setup();
    const list = await keyList();
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain("CI");
    expect(items[0]?.textContent).toContain("sprog_3f9a1c…");
    expect(items[0]?.textContent).toContain("by Ada Owner");
    expect(items[0]?.textContent).toContain("Last used");
    expect(items[1]?.textContent).toContain("Unnamed key");
    expect(items[1]?.textContent).toContain("Never used");
    expect(items[0]?.textContent).toContain("Scopes: Pull, Push");
    expect(items[1]?.textContent).toContain("Scopes: Pull");
    expect(items[1]?.textContent).not.toContain("Push");
  });

  it("shows an empty state and usage examples with the real host", async () => {
    stubApi([]);
    setup();
    expect(await screen.findByText("No API keys yet")).toBeTruthy();
    const examples = screen.getAllByRole("figure").map((f) => f.textContent ?? "");
    expect(examples[0]).toContain('curl -fsS -X POST "https://sprog.example.com/api/v1/pull"');
    expect(examples[0]).toContain('"language":"de"');
    expect(examples[1]).toContain("node sprog.mjs pull --host https://sprog.example.com");
    // The spec's own address of the pull API answers the same (issue 34).
    expect(screen.getByText("https://sprog.example.com/functions/v1/pull-translations")).toBeTruthy();
  });

  it("creates a key and shows it once, copyable, with the warning", async () => {
    const calls = stubApi([USED]);
    const { user } = setup();
    await keyList();
    await user.type(screen.getByLabelText(/Key name/), "  Deploy ");
    await user.click(screen.getByRole("button", { name: "Create API key" }));

    const field = await screen.findByLabelText<HTMLInputElement>("New API key");
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    expect(screen.getByText(/Copy it now — you won't see it again\./)).toBeTruthy();
    expect(inputsOf(calls, "apiKeys.create")[0]?.body).toEqual({ name: "Deploy", scopes: ["pull"] });

    await user.click(screen.getByRole("button", { name: "Copy API key" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(screen.getByRole("button", { name: "Copy API key" }).textContent).toContain("Copied");

    // The new key heads the list, without the key itself.
    const items = within(await keyList()).getAllByRole("listitem");
    expect(items[0]?.textContent).toContain("Deploy");
    expect(items[0]?.textContent).not.toContain(SECRET);

    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByLabelText("New API key")).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("shows coding agents this Sprog's /mcp address and a .mcp.json with the new key, copyable", async () => {
    stubApi([]);
    const { user } = setup();
    await screen.findByText("No API keys yet");
    const help = screen.getByRole("region", { name: "Use with coding agents" });
    const mcpJson = () =>
      within(help)
        .getAllByRole("figure")
        .find((figure) => figure.textContent?.startsWith(".mcp.json"))
        ?.querySelector("code")?.textContent ?? "";
    expect(within(help).getAllByText("https://sprog.example.com/mcp").length).toBeGreaterThan(0);
    // Before a key is made, the snippet reads it from the environment: fit to commit.
    expect(JSON.parse(mcpJson()).mcpServers.sprog).toEqual({
      type: "http",
      url: "https://sprog.example.com/mcp",
      headers: { "x-api-key": `\${SPROG_API_KEY}` },
    });
    expect(
      within(help)
        .getByRole("link", { name: /Set-up for Cursor/ })
        .getAttribute("href"),
    ).toBe("/docs/api#coding-agents");

    await user.type(screen.getByLabelText(/Key name/), "Claude Code");
    await user.click(screen.getByRole("checkbox", { name: "Translate" }));
    await user.click(screen.getByRole("button", { name: "Create API key" }));
    await screen.findByLabelText("New API key");
    expect(JSON.parse(mcpJson()).mcpServers.sprog.headers).toEqual({ "x-api-key": SECRET });
    expect(help.textContent).toContain("This file holds the key: keep it out of git");

    await user.click(within(help).getByRole("button", { name: "Copy .mcp.json (Claude Code)" }));
    expect(JSON.parse(await navigator.clipboard.readText()).mcpServers.sprog).toEqual({
      type: "http",
      url: "https://sprog.example.com/mcp",
      headers: { "x-api-key": SECRET },
    });
    await user.click(within(help).getByRole("button", { name: "Copy MCP server URL" }));
    expect(await navigator.clipboard.readText()).toBe("https://sprog.example.com/mcp");

    // Shown once: after Done the snippet no longer holds the key.
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(JSON.parse(mcpJson()).mcpServers.sprog.headers).toEqual({ "x-api-key": `\${SPROG_API_KEY}` });
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("creates an unnamed key with the pull scope only by default", async () => {
    const calls = stubApi([]);
    const { user } = setup();
    await screen.findByText("No API keys yet");
    expect(screen.getByRole("checkbox", { name: "Pull" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("checkbox", { name: "Push" }).getAttribute("aria-checked")).toBe("false");
    expect(screen.getByRole("checkbox", { name: "Manage webhooks" }).getAttribute("aria-checked")).toBe(
      "false",
    );
    expect(screen.getByRole("checkbox", { name: "Release" }).getAttribute("aria-checked")).toBe("false");
    await user.click(screen.getByRole("button", { name: "Create API key" }));
    await screen.findByLabelText("New API key");
    expect(inputsOf(calls, "apiKeys.create")[0]?.body).toEqual({ scopes: ["pull"] });
  });

  it("creates a key with the scopes chosen, and never with none", async () => {
    const calls = stubApi([]);
    const { user } = setup();
    await screen.findByText("No API keys yet");
    await user.click(screen.getByRole("checkbox", { name: "Push" }));
    await user.click(screen.getByRole("checkbox", { name: "Pull" }));
    // Push is now the only one: it cannot be unchecked.
    const push = screen.getByRole("checkbox", { name: "Push" });
    expect(push.hasAttribute("disabled")).toBe(true);
    await user.click(screen.getByRole("checkbox", { name: "Manage webhooks" }));
    await user.click(screen.getByRole("checkbox", { name: "Release" }));
    await user.click(screen.getByRole("button", { name: "Create API key" }));
    await screen.findByLabelText("New API key");
    expect(inputsOf(calls, "apiKeys.create")[0]?.body).toEqual({
      scopes: ["push", "release", "webhooks:manage"],
    });
    const items = within(await keyList()).getAllByRole("listitem");
    expect(items[0]?.textContent).toContain("Scopes: Push, Release, Manage webhooks");
    // The form is back to its default for the next key.
    expect(screen.getByRole("checkbox", { name: "Pull" }).getAttribute("aria-checked")).toBe("true");
  });

  it("revokes a key only after confirming", async () => {
    const calls = stubApi([USED, UNUSED]);
    const { user } = setup();
    await keyList();
    await user.click(screen.getByRole("button", { name: "Revoke CI (sprog_3f9a1c…)" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke API key?" });
    expect(dialog.textContent).toContain("sprog_3f9a1c…");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(inputsOf(calls, "apiKeys.revoke")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Revoke CI (sprog_3f9a1c…)" }));
    const again = await screen.findByRole("alertdialog", { name: "Revoke API key?" });
    await user.click(within(again).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(inputsOf(calls, "apiKeys.revoke")).toContainEqual({ params: { id: "k2" } }));
    await waitFor(async () => {
      const items = within(await keyList()).getAllByRole("listitem");
      expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining("Unnamed key")]);
    });
  });
});
