import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Me } from "../shared/schemas/auth.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { STORAGE_KEYS } from "./lib/storage-keys.ts";
import { routes } from "./router.tsx";
import { mockApi, refusal } from "./test/mock-api.ts";

const signedIn: Me = {
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

/** A fake server: the session answers `me` (or null), the teams are those of `me`, each without projects. */
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

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// The router loads page modules on demand; load the /app ones once up front, so the timings below
// measure routing rather than the test runner's first transform of those modules.
beforeAll(async () => {
  await Promise.all([
    import("./pages/app/app-layout.tsx"),
    import("./pages/app/overview-page.tsx"),
    import("./pages/app/team-page.tsx"),
    import("./pages/app/branches-page.tsx"),
    import("./pages/login-page.tsx"),
    import("./pages/signup-page.tsx"),
  ]);
});

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
});

describe("route guards", () => {
  it("shows 'Loading...' while checking, then sends a signed-out visitor to /login remembering the origin", async () => {
    serve(null);
    const router = renderAt("/app/team?tab=members");

    expect(screen.getByText("Loading...")).toBeTruthy();
    expect(await screen.findByText("Speak a language everyone understands")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(localStorage.getItem(STORAGE_KEYS.returnTo)).toBe("/app/team?tab=members");
  });

  it.each(["/app/releases", "/app/branches", "/app/glossary", "/app/activity"])(
    "sends a signed-out visitor on %s to /login, to come back there",
    async (path) => {
      serve(null);
      const router = renderAt(path);
      expect(await screen.findByText("Speak a language everyone understands")).toBeTruthy();
      expect(router.state.location.pathname).toBe("/login");
      expect(localStorage.getItem(STORAGE_KEYS.returnTo)).toBe(path);
    },
  );

  it("sends a signed-out visitor on an unknown /app path to /", async () => {
    serve(null);
    const router = renderAt("/app/nowhere");

    expect(await screen.findByText("Write Better, Translate Faster, Ship Smoother.")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });

  it.each(["/app", "/app/translations", "/app/dashboard", "/app/nowhere", "/app/team?checkout=success"])(
    "redirects %s to /app/overview for a signed-in user",
    async (path) => {
      serve(signedIn);
      const router = renderAt(path);

      expect(await screen.findByText("No projects in the team")).toBeTruthy();
      expect(router.state.location.pathname).toBe("/app/overview");
      expect(router.state.location.search).toBe("");
    },
  );

  it("redirects a signed-in user away from /login, unless a sign-up is in progress", async () => {
    serve(signedIn);
    const router = renderAt("/login");
    expect(await screen.findByText("No projects in the team")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/app/overview");
    cleanup();

    localStorage.setItem(STORAGE_KEYS.signupInProgress, "true");
    const second = renderAt("/signup");
    expect(await screen.findByText("Create your account")).toBeTruthy();
    expect(second.state.location.pathname).toBe("/signup");
  });

  it("sends a signed-out visitor on /user-info or /create-team to /login", async () => {
    serve(null);
    const router = renderAt("/create-team");
    expect(await screen.findByLabelText("Email")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("sends /verify without a remembered e-mail to /login", async () => {
    serve(null);
    const router = renderAt("/verify");
    expect(await screen.findByLabelText("Email")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("sends any unknown top-level path to /", async () => {
    serve(null);
    const router = renderAt("/features");
    expect(await screen.findByRole("link", { name: "Try for free" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });
});
