import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readCookieConsent, saveCookieConsent } from "../cookie-consent.ts";
import { CookieBanner } from "./cookie-banner.tsx";

function renderBanner() {
  return render(
    <MemoryRouter>
      <CookieBanner />
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe("CookieBanner", () => {
  it("asks an unanswered visitor, with a link to the cookie policy", () => {
    renderBanner();
    const banner = screen.getByRole("region", { name: "Cookie consent" });
    expect(banner).toBeTruthy();
    expect(screen.getByRole("link", { name: "cookie policy" }).getAttribute("href")).toBe("/cookie-policy");
    expect(screen.getByRole("button", { name: "Accept" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Decline" })).toBeTruthy();
  });

  it.each([
    ["Accept", true],
    ["Decline", false],
  ] as const)("%s stores %s and hides the banner", async (button, accepted) => {
    renderBanner();
    await userEvent.click(screen.getByRole("button", { name: button }));
    expect(readCookieConsent()).toBe(accepted);
    expect(screen.queryByRole("region", { name: "Cookie consent" })).toBeNull();
  });

  it.each([true, false])("stays hidden once answered (%s)", (accepted) => {
    saveCookieConsent(accepted);
    renderBanner();
    expect(screen.queryByRole("region", { name: "Cookie consent" })).toBeNull();
  });
});
