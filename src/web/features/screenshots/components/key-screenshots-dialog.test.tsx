import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Screenshot } from "../../../../shared/schemas/screenshots.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type ApiError, inputsOf, mockApi, refusal } from "../../../test/mock-api.ts";
import { KeyScreenshotsButton } from "./key-screenshots-button.tsx";
import { KeyScreenshotsDialog } from "./key-screenshots-dialog.tsx";

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

/** Project p1's screenshots and keys k1, k2; uploading to k1 and linking s1 answer a screenshot. */
function stubApi(screenshots: Screenshot[], answers: { uploadRefusal?: ApiError } = {}) {
  const notFound = () => refusal(404, "not_found", "No such API endpoint");
  return mockApi({
    screenshots: {
      listForProject: ({ params }) => {
        if (params.projectId !== "p1") throw notFound();
        return { screenshots };
      },
      upload: ({ params }) => {
        if (params.keyId !== "k1") throw notFound();
        if (answers.uploadRefusal) throw answers.uploadRefusal;
        return shot();
      },
      link: ({ params }) => {
        if (params.id !== "s1") throw notFound();
        return shot();
      },
    },
    keys: {
      list: ({ params }) => {
        if (params.projectId !== "p1") throw notFound();
        return {
          keys: [
            { id: "k1", key: "home.title", createdAt: "2026-11-26T04:00:00.000Z", strings: {} },
            { id: "k2", key: "home.subtitle", createdAt: "2026-11-26T04:00:00.000Z", strings: {} },
          ],
          next: null,
        };
      },
    },
  });
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
    const calls = stubApi([], {
      uploadRefusal: refusal(400, "validation_failed", "This file is not a PNG, JPEG or WebP image"),
    });
    renderDialog(true);
    expect(await screen.findByText("No screenshots of this key yet.")).toBeTruthy();
    const file = new File(["<html></html>"], "page.png", { type: "image/png" });
    await userEvent.upload(screen.getByLabelText("Screenshot file"), file);
    expect((await screen.findByRole("alert")).textContent).toBe("This file is not a PNG, JPEG or WebP image");
    const uploads = inputsOf(calls, "screenshots.upload");
    expect(uploads.map((upload) => upload.params)).toEqual([{ keyId: "k1" }]);
    // The chosen file itself (the link sends it as multipart form data).
    expect(uploads[0]?.body.file).toBe(file);
  });

  it("links the screenshot to another key found by search, as the whole image", async () => {
    const calls = stubApi([shot()]);
    renderDialog(true);
    await userEvent.click(await screen.findByRole("button", { name: "Link to other keys" }));
    // The key it is already linked to is not offered again.
    await userEvent.click(await screen.findByRole("button", { name: "home.subtitle" }));
    expect(screen.queryByRole("button", { name: "home.title" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Add home.subtitle" }));
    expect(screen.getByRole("list", { name: "Links to save" }).textContent).toContain("the whole image");
    await userEvent.click(screen.getByRole("button", { name: "Save links" }));
    await waitFor(() => expect(inputsOf(calls, "screenshots.link")).toHaveLength(1));
    expect(inputsOf(calls, "screenshots.link")[0]?.body).toEqual({
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
