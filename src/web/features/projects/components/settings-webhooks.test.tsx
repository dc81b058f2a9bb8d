import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Project } from "../../../../shared/schemas/projects.ts";
import type { CreatedWebhook, Webhook, WebhookDelivery } from "../../../../shared/schemas/webhooks.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { inputsOf, mockApi, refusal } from "../../../test/mock-api.ts";
import { fakeResizeObserver } from "../../../test/resize-observer.ts";
import { watchToasts } from "../../../test/toasts.ts";
import { SettingsWebhooks } from "./settings-webhooks.tsx";

const toast = watchToasts();

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
const HOOK_ID = "0b5c3a4e-5f0e-4d7a-9a52-2d5b8f1e6c01";
const OFF: Webhook = {
  id: HOOK_ID,
  projectId: "p1",
  url: "https://hooks.example.com/sprog",
  events: ["key.created", "key.deleted"],
  enabled: false,
  disabledReason: "10 failed attempts in a row; the last: The receiver answered 503",
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-02T10:00:00.000Z",
};
const SECRET = `whsec_${"cd".repeat(32)}`;
const ATTEMPT: WebhookDelivery = {
  id: "a1",
  deliveryId: "d1",
  event: "ping",
  attempt: 1,
  status: "failed",
  responseCode: 503,
  responseBody: "down",
  latencyMs: 42,
  error: "The receiver answered 503",
  createdAt: "2026-03-02T10:00:00.000Z",
};

/** A fake API of project p1's webhooks. */
function stubApi(hooks: Webhook[], options: { refuseCreate?: string } = {}) {
  let stored = [...hooks];
  const inP1 = (projectId: string) => {
    if (projectId !== "p1") throw refusal(404, "not_found", "No such API endpoint");
  };
  return mockApi({
    webhooks: {
      list: ({ params }) => {
        inP1(params.projectId);
        return { webhooks: stored };
      },
      create: ({ params, body }) => {
        inP1(params.projectId);
        if (options.refuseCreate) throw refusal(400, "validation_failed", options.refuseCreate);
        const created: CreatedWebhook = {
          ...OFF,
          id: "1b5c3a4e-5f0e-4d7a-9a52-2d5b8f1e6c02",
          url: body.url,
          events: body.events,
          enabled: true,
          disabledReason: null,
          secret: SECRET,
        };
        const { secret: _secret, ...listed } = created;
        stored = [...stored, listed];
        return created;
      },
      update: ({ params, body }) => {
        inP1(params.projectId);
        stored = stored.map((h) => (h.id === params.id ? { ...h, ...body, disabledReason: null } : h));
        const changed = stored.find((h) => h.id === params.id);
        if (!changed) throw refusal(404, "not_found", "Webhook not found");
        return changed;
      },
      remove: ({ params }) => {
        inP1(params.projectId);
        stored = stored.filter((h) => h.id !== params.id);
      },
      test: ({ params }) => {
        inP1(params.projectId);
        return { deliveryId: "d1" };
      },
      deliveries: ({ params }) => {
        inP1(params.projectId);
        return { deliveries: [ATTEMPT] };
      },
    },
  });
}

function setup() {
  fakeResizeObserver();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SettingsWebhooks project={PROJECT} />
    </QueryClientProvider>,
  );
  return { user };
}

const hookList = () => screen.findByRole("list", { name: "Webhooks" });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("Project Settings → Webhooks", () => {
  it("lists hooks with their events and why the server turned one off, never a secret", async () => {
    stubApi([OFF]);
    setup();
    const [item] = within(await hookList()).getAllByRole("listitem");
    expect(item?.textContent).toContain("https://hooks.example.com/sprog");
    expect(item?.textContent).toContain("key.created, key.deleted");
    expect(item?.textContent).toContain("Disabled: 10 failed attempts in a row");
    expect(within(item as HTMLElement).getByRole("button", { name: "Enable" })).toBeTruthy();
  });

  it("adds a hook with the events chosen and shows its signing secret once", async () => {
    const calls = stubApi([]);
    const { user } = setup();
    await screen.findByText("No webhooks yet");
    await user.type(screen.getByLabelText("Payload URL"), "https://ci.example.com/hook");
    await user.click(screen.getByRole("checkbox", { name: "string.updated" }));
    await user.click(screen.getByRole("button", { name: "Add webhook" }));

    const secret = await screen.findByLabelText<HTMLInputElement>("Signing secret");
    expect(secret.value).toBe(SECRET);
    expect(screen.getByText(/Copy it now — you won't see it again\./)).toBeTruthy();
    expect(inputsOf(calls, "webhooks.create").map((input) => input.body)).toEqual([
      {
        url: "https://ci.example.com/hook",
        events: [
          "key.created",
          "key.deleted",
          "import.completed",
          "batch.completed",
          "review.completed",
          "branch.merged",
        ],
      },
    ]);
    const [item] = within(await hookList()).getAllByRole("listitem");
    expect(item?.textContent).toContain("https://ci.example.com/hook");
    expect(item?.textContent).not.toContain(SECRET);

    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("checks the URL and events before sending, and keeps the server's refusal under the URL (issue 34)", async () => {
    const privateAddress =
      "The webhook URL points at a private or loopback address (10.0.0.1); only public addresses are allowed";
    const calls = stubApi([], { refuseCreate: privateAddress });
    const { user } = setup();
    await screen.findByText("No webhooks yet");
    await user.type(screen.getByLabelText("Payload URL"), "ftp://x");
    for (const box of screen.getAllByRole("checkbox")) await user.click(box);
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    expect(screen.getByText("The webhook URL must be an http:// or https:// URL")).toBeTruthy();
    expect(screen.getByText("Choose at least one event")).toBeTruthy();
    expect(inputsOf(calls, "webhooks.create")).toEqual([]);

    await user.clear(screen.getByLabelText("Payload URL"));
    await user.type(screen.getByLabelText("Payload URL"), "http://10.0.0.1/hook");
    await user.click(screen.getByRole("checkbox", { name: "key.created" }));
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    // Under the field, tied to it, and not a toast that is gone in 3 seconds.
    const shown = await screen.findByText(privateAddress);
    const field = screen.getByLabelText("Payload URL");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toBe(shown.id);
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByLabelText("Signing secret")).toBeNull();
    // Still there after other changes to the form; gone once the URL changes.
    await user.click(screen.getByRole("checkbox", { name: "key.deleted" }));
    expect(screen.getByText(privateAddress)).toBeTruthy();
    await user.type(field, "x");
    expect(screen.queryByText(privateAddress)).toBeNull();
    expect(field.getAttribute("aria-invalid")).toBeNull();
  });

  it("sends a test and shows the delivery log with status, response code and latency", async () => {
    const calls = stubApi([OFF]);
    const { user } = setup();
    await hookList();
    await user.click(screen.getByRole("button", { name: "Send test" }));
    expect(inputsOf(calls, "webhooks.test")).toEqual([{ params: { projectId: "p1", id: HOOK_ID } }]);
    const log = await screen.findByRole("table", { name: "Delivery log" });
    const row = within(log).getAllByRole("row")[1];
    expect(row?.textContent).toContain("ping");
    expect(row?.textContent).toContain("Failed");
    expect(row?.textContent).toContain("The receiver answered 503");
    expect(row?.textContent).toContain("503");
    expect(row?.textContent).toContain("42 ms");
    expect(toast.success).toHaveBeenCalledWith("Test delivery queued");
  });

  it("turns a hook back on, and deletes one only after confirming", async () => {
    const calls = stubApi([OFF]);
    const { user } = setup();
    await hookList();
    await user.click(screen.getByRole("button", { name: "Enable" }));
    await screen.findByRole("button", { name: "Disable" });
    expect(inputsOf(calls, "webhooks.update")[0]?.body).toEqual({ enabled: true });
    expect(screen.getByText("Enabled")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: `Delete webhook ${OFF.url}` }));
    const dialog = await screen.findByRole("alertdialog");
    expect(inputsOf(calls, "webhooks.remove")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No webhooks yet")).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith("Webhook deleted");
  });
});
