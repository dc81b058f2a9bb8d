import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Screenshot } from "../../../../shared/schemas/screenshots.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { KeyScreenshotsButton } from "./key-screenshots-button.tsx";
import { KeyScreenshotsDialog } from "./key-screenshots-dialog.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function shot(overrides: Partial<Screenshot> = {}): Screenshot {
  return {
    id: "s1",
    projectId: "p1",
    name: "home.png",
    mime: "image/png",
    width: 200,
    height: 100,
    byteSize: 1234,
    createdAt: "2026-11-26T04:00:00.000Z",
    url: "/api/screenshots/s1",
    keys: [{ keyId: "k1", rect: { x: 50, y: 25, width: 100, height: 50 } }],
    ...overrides,
  };
}

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function stubApi(screenshots: Screenshot[], answers: { upload?: Response } = {}) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      const body =
        init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, url, body });
      if (method === "GET" && url === "/api/projects/p1/screenshots") return json({ screenshots });
      if (method === "GET" && url.startsWith("/api/projects/p1/keys")) {
        return json({
          keys: [
            { id: "k1", key: "home.title", createdAt: "2026-11-26T04:00:00.000Z", strings: {} },
            { id: "k2", key: "home.subtitle", createdAt: "2026-11-26T04:00:00.000Z", strings: {} },
          ],
          next: null,
        });
      }
      if (method === "POST" && url === "/api/keys/k1/screenshots") return answers.upload ?? json(shot(), 201);
      if (method === "PUT" && url === "/api/screenshots/s1/keys") return json(shot());
      return json({ error: { code: "not_found", message: "No such API endpoint" } }, 404);
    }),
  );
  return sent;
}

function renderDialog(canManage: boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <KeyScreenshotsDialog
        projectId="p1"
        keyId="k1"
        keyName="home.title"
        canManage={canManage}
        open
        onOpenChange={() => {}}
      />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("KeyScreenshotsDialog", () => {
  it("shows the key's screenshots from the API with the key's rectangle, to a reviewer without changes", async () => {
    stubApi([
      shot(),
      shot({ id: "s2", name: "other.png", url: "/api/screenshots/s2", keys: [{ keyId: "k9", rect: null }] }),
    ]);
    renderDialog(false);
    const image = await screen.findByRole("img", { name: "home.png, screenshot of home.title" });
    expect(image.getAttribute("src")).toBe("/api/screenshots/s1");
    expect(screen.queryByRole("img", { name: /other\.png/ })).toBeNull();
    const rect = screen.getByTestId("screenshot-rect");
    expect(rect.style.left).toBe("25%");
    expect(rect.style.width).toBe("50%");
    expect(screen.queryByRole("button", { name: "Upload screenshot" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Link to other keys" })).toBeNull();
  });

  it("uploads the chosen file and shows the server's refusal as it says it", async () => {
    const sent = stubApi([], {
      upload: json(
        { error: { code: "validation_failed", message: "This file is not a PNG, JPEG or WebP image" } },
        400,
      ),
    });
    renderDialog(true);
    expect(await screen.findByText("No screenshots of this key yet.")).toBeTruthy();
    const file = new File(["<html></html>"], "page.png", { type: "image/png" });
    await userEvent.upload(screen.getByLabelText("Screenshot file"), file);
    expect((await screen.findByRole("alert")).textContent).toBe("This file is not a PNG, JPEG or WebP image");
    const upload = sent.find((request) => request.method === "POST");
    const form = upload?.body;
    expect(form).toBeInstanceOf(FormData);
    expect(form instanceof FormData ? form.get("file") : null).toBeInstanceOf(File);
  });

  it("links the screenshot to another key found by search, as the whole image", async () => {
    const sent = stubApi([shot()]);
    renderDialog(true);
    await userEvent.click(await screen.findByRole("button", { name: "Link to other keys" }));
    // The key it is already linked to is not offered again.
    await userEvent.click(await screen.findByRole("button", { name: "home.subtitle" }));
    expect(screen.queryByRole("button", { name: "home.title" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Add home.subtitle" }));
    expect(screen.getByRole("list", { name: "Links to save" }).textContent).toContain("the whole image");
    await userEvent.click(screen.getByRole("button", { name: "Save links" }));
    await waitFor(() => expect(sent.some((request) => request.method === "PUT")).toBe(true));
    expect(sent.find((request) => request.method === "PUT")?.body).toEqual({
      links: [{ keyId: "k2", rect: null }],
    });
  });
});

describe("KeyScreenshotsButton", () => {
  it("shows the count, and nothing for a key without screenshots to those who cannot upload", async () => {
    stubApi([shot()]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <KeyScreenshotsButton projectId="p1" keyId="k1" keyName="home.title" canManage={false} />
        <KeyScreenshotsButton projectId="p1" keyId="k2" keyName="home.subtitle" canManage={false} />
        <KeyScreenshotsButton projectId="p1" keyId="k3" keyName="home.footer" canManage />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole("button", { name: "1 screenshot of home.title" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /home\.subtitle/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Add a screenshot of home.footer" })).toBeTruthy();
  });
});
