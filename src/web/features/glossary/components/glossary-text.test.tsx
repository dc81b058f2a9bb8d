import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { GlossaryText, type GlossaryTextEntry } from "./glossary-text.tsx";

const entry = (id: string, term: string, extra: Partial<GlossaryTextEntry> = {}): GlossaryTextEntry => ({
  id,
  term,
  caseSensitive: false,
  forbidden: false,
  doNotTranslate: false,
  translations: {},
  ...extra,
});

const ENTRIES = [
  entry("1", "Sign in", {
    description: "Opens a session",
    translations: { de: "Anmelden", fr: "Se connecter" },
  }),
  entry("2", "Acme", { doNotTranslate: true }),
  entry("3", "Click", { forbidden: true }),
];

afterEach(cleanup);

describe("GlossaryText", () => {
  it("underlines each term found, keeps the rest as plain text", () => {
    const { container } = render(<GlossaryText text="Sign in to Acme now" language="en" entries={ENTRIES} />);
    expect(container.textContent).toBe("Sign in to Acme now");
    const terms = [...container.querySelectorAll("[data-glossary-term]")];
    expect(terms.map((term) => term.textContent)).toEqual(["Sign in", "Acme"]);
    expect(terms.every((term) => term.getAttribute("tabindex") === "0")).toBe(true);
  });

  it("renders text without terms (or without a glossary) as it is", () => {
    const { container } = render(<GlossaryText text="<b>Hello</b>" language="en" entries={ENTRIES} />);
    expect(container.innerHTML).toBe("&lt;b&gt;Hello&lt;/b&gt;");
  });

  it("shows the description and approved translations on keyboard focus", async () => {
    const user = userEvent.setup();
    render(<GlossaryText text="Please sign in" language="en" entries={ENTRIES} targetLanguages={["de"]} />);
    await user.tab();
    expect(document.activeElement?.textContent).toBe("sign in");
    const tip = await screen.findByRole("tooltip");
    expect(tip.textContent).toContain("Opens a session");
    expect(tip.textContent).toContain("Anmelden");
    expect(tip.textContent).not.toContain("Se connecter");
  });

  it("says 'Do not translate' and 'Forbidden' for flagged terms, on hover", async () => {
    const user = userEvent.setup();
    const { container } = render(<GlossaryText text="Click Acme" language="en" entries={ENTRIES} />);
    const [click, acme] = [...container.querySelectorAll("[data-glossary-term]")] as HTMLElement[];
    await user.hover(acme as HTMLElement);
    expect((await screen.findByRole("tooltip")).textContent).toContain("Do not translate");
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    });
    await user.unhover(acme as HTMLElement);
    await user.hover(click as HTMLElement);
    expect((await screen.findByRole("tooltip")).textContent).toContain("Forbidden");
  });
});
