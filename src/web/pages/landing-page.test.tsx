import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOPIC_IDS } from "../features/docs/topics.ts";
import { LandingPage } from "./landing-page.tsx";

let scrolledTo: string[] = [];
const originalScrollIntoView = Element.prototype.scrollIntoView;

function renderLanding(path = "/") {
  const router = createMemoryRouter([{ path: "/", element: <LandingPage /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  scrolledTo = [];
  // jsdom has no layout: record which section would have been scrolled to.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledTo.push(this.id);
  };
  vi.stubGlobal("scrollTo", vi.fn());
});
afterEach(() => {
  cleanup();
  Element.prototype.scrollIntoView = originalScrollIntoView;
  vi.unstubAllGlobals();
});

describe("the landing page", () => {
  it("has the hero, Try for free to /signup, and Log In / Sign Up", () => {
    renderLanding();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      "Write Better, Translate Faster, Ship Smoother.",
    );
    expect(screen.getByRole("link", { name: "Try for free" }).getAttribute("href")).toBe("/signup");
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "Log In" }).getAttribute("href")).toBe("/login");
    expect(within(header).getByRole("link", { name: "Sign Up" }).getAttribute("href")).toBe("/signup");
    expect(screen.getByRole("img", { name: /Sprog Overview/ })).toBeTruthy();
  });

  it("links the nav to the six sections, which all exist", () => {
    renderLanding();
    const nav = screen.getByRole("navigation", { name: "Sections" });
    const anchors = within(nav)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(anchors).toEqual([
      ["Write", "/#writers"],
      ["Translate", "/#localization"],
      ["Build", "/#developers"],
      ["Collaborate", "/#teams"],
      ["Pricing", "/#pricing"],
      ["FAQ", "/#faq"],
    ]);
    for (const [, href] of anchors) expect(document.getElementById(String(href).slice(2))).not.toBeNull();
  });

  it("links every feature to a docs topic, and Get started now to /signup", () => {
    renderLanding();
    for (const id of ["writers", "localization", "developers", "teams"]) {
      const section = document.getElementById(id) as HTMLElement;
      const links = within(section).getAllByRole("link");
      expect(links.length).toBeGreaterThanOrEqual(3);
      for (const link of links) {
        const [, topic] = link.getAttribute("href")?.match(/^\/docs\/(.+)$/) ?? [];
        expect(TOPIC_IDS).toContain(topic);
      }
    }
    const pricing = document.getElementById("pricing") as HTMLElement;
    expect(within(pricing).getByRole("link", { name: "Get started now" }).getAttribute("href")).toBe(
      "/signup",
    );
  });

  it("scrolls to the section of a nav link, and the logo back to the top", async () => {
    const router = renderLanding();
    const nav = screen.getByRole("navigation", { name: "Sections" });
    await userEvent.click(within(nav).getByRole("link", { name: "FAQ" }));
    expect(router.state.location.hash).toBe("#faq");
    expect(scrolledTo).toContain("faq");
    expect(document.activeElement?.id).toBe("faq");

    await userEvent.click(screen.getByRole("link", { name: "Sprog home" }));
    expect(router.state.location.hash).toBe("");
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: "smooth" });
  });

  it("scrolls to the section named in the address it opens with", () => {
    renderLanding("/#developers");
    expect(scrolledTo).toEqual(["developers"]);
  });
});
