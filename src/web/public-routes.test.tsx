import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./lib/query-client.ts";
import { routes } from "./router.tsx";

/** A page module loads on demand; the first load in a test worker includes its transform. */
const LAZY_PAGE = { timeout: 5_000 };

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal("scrollTo", vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("public routes", () => {
  it.each([
    ["/terms-conditions", "Terms and conditions"],
    ["/cookie-policy", "Cookie policy"],
    ["/about", "About Sprog"],
  ])("%s loads its page on demand", async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole("heading", { level: 1, name: heading }, LAZY_PAGE)).toBeTruthy();
    // The title is set in an effect, which React may run after the heading is already on screen.
    const title = `${heading === "About Sprog" ? "About" : heading} · Sprog`;
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each([
    ["/features", "#writers"],
    ["/pricing", "#pricing"],
  ])("%s lands on the landing section %s", async (path, hash) => {
    const router = renderAt(path);
    expect(await screen.findByRole("link", { name: "Try for free" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.hash).toBe(hash);
  });

  it.each(["/nowhere", "/about/us", "/terms"])("sends the unknown %s to /", async (path) => {
    const router = renderAt(path);
    expect(await screen.findByRole("link", { name: "Try for free" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });
});
