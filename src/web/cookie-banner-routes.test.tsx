import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../shared/schemas/auth.ts";
import { readCookieConsent } from "./features/public-site/cookie-consent.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { STORAGE_KEYS } from "./lib/storage-keys.ts";
import { routes } from "./router.tsx";
import { mockApi, refusal } from "./test/mock-api.ts";

const ME: Me = {
  user: { id: "u1", email: "ada@example.com" },
  profile: {
    id: "p1",
    userId: "u1",
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    createdAt: "2026-01-01T00:00:00.000Z",
  },
  teams: [{ id: "t1", name: "Acme", role: "owner", createdAt: "2026-01-01T00:00:00.000Z" }],
};

/** A fake server for a visitor (me null) or a signed-in user with one team and no projects. */
function serve(me: Me | null) {
  mockApi({
    auth: { session: () => ({ me }) },
    teams: {
      list: () => ({ teams: me?.teams ?? [] }),
      // The signed-in app's invite check is not under test: refused, as this fake server always did.
      acceptInvites: () => Promise.reject(refusal(404, "not_found", "Not found")),
    },
    projects: { list: () => ({ projects: [] }) },
  });
}

function renderAt(path: string, routeList: RouteObject[] = routes) {
  const router = createMemoryRouter(routeList, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const banners = () => screen.queryAllByRole("region", { name: "Cookie consent" });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
});

describe("the cookie banner on every page", () => {
  it.each([
    ["/", "Write Better, Translate Faster, Ship Smoother."],
    ["/login", "Speak a language everyone understands"],
    ["/signup", "Create your account"],
    ["/cookie-policy", "Cookie policy"],
  ])("shows once on %s until answered", async (path, text) => {
    serve(null);
    renderAt(path);
    expect(await screen.findAllByText(text)).not.toHaveLength(0);
    expect(banners()).toHaveLength(1);
  });

  it("shows on /docs", async () => {
    serve(null);
    renderAt("/docs");
    expect(await screen.findByRole("navigation", { name: /docs|documentation/i })).toBeTruthy();
    expect(banners()).toHaveLength(1);
  });

  it("shows in the app for a signed-in user, and not again once accepted", async () => {
    serve(ME);
    renderAt("/app/overview");
    expect(await screen.findByText("No projects in the team")).toBeTruthy();
    expect(banners()).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(banners()).toHaveLength(0);
    expect(readCookieConsent()).toBe(true);

    cleanup();
    renderAt("/app/overview");
    expect(await screen.findByText("No projects in the team")).toBeTruthy();
    expect(banners()).toHaveLength(0);
  });

  it("shows on the error page", async () => {
    serve(null);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const [root] = routes;
    const Broken = () => {
      throw new Error("render failed");
    };
    // The app's root route (its element and error page) over a page that fails to render.
    renderAt("/broken", [
      {
        element: root?.element,
        errorElement: root?.errorElement,
        children: [{ path: "/broken", Component: Broken }],
      },
    ]);
    expect(await screen.findByText("Something went wrong")).toBeTruthy();
    expect(banners()).toHaveLength(1);
  });

  it("stays away once declined", async () => {
    localStorage.setItem(
      STORAGE_KEYS.cookieConsent,
      JSON.stringify({ accepted: false, expiresAt: Date.now() + 86_400_000 }),
    );
    serve(null);
    renderAt("/login");
    expect(await screen.findByText("Speak a language everyone understands")).toBeTruthy();
    expect(banners()).toHaveLength(0);
  });
});
