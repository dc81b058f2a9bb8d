import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type MemberRole, permissionFlags } from "../../../../shared/permissions.ts";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { mockApi } from "../../../test/mock-api.ts";
import { fakeResizeObserver } from "../../../test/resize-observer.ts";
import { ProjectSettingsDialog } from "./project-settings-dialog.tsx";

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

function open(role: MemberRole) {
  fakeResizeObserver();
  mockApi({ files: { list: () => ({ files: [] }) }, webhooks: { list: () => ({ webhooks: [] }) } });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProjectSettingsDialog
        project={PROJECT}
        flags={permissionFlags(role)}
        open
        onOpenChange={() => {}}
        onDeleted={() => {}}
      />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Project Settings sections", () => {
  it("offers Webhooks to an admin, next to General and Languages, and opens it", async () => {
    const user = open("admin");
    const nav = screen.getByRole("navigation", { name: "Project settings" });
    expect(nav.textContent).toContain("Webhooks");
    // API keys stay the owner's.
    expect(nav.textContent).not.toContain("API Access");
    await user.click(screen.getByRole("button", { name: "Webhooks" }));
    expect(await screen.findByText("No webhooks yet")).toBeTruthy();
  });

  it("offers no Webhooks section to a reviewer", () => {
    open("reviewer");
    const nav = screen.getByRole("navigation", { name: "Project settings" });
    expect(nav.textContent).not.toContain("Webhooks");
  });

  it("offers the kept Files to whoever may export (owners and admins), and opens them", async () => {
    const user = open("admin");
    await user.click(screen.getByRole("button", { name: "Files" }));
    expect(await screen.findByText(/^No files yet\. Each file you import is kept here/)).toBeTruthy();
  });

  it("offers no Files section to a reviewer", () => {
    open("reviewer");
    const nav = screen.getByRole("navigation", { name: "Project settings" });
    expect(within(nav).queryByRole("button", { name: "Files" })).toBeNull();
  });
});
