import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next, { type i18n as I18n } from "i18next";
import ICU from "i18next-icu";
import { useState } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tokenStorageKey } from "../constants.ts";
import { type InContextSession, sprogInContext } from "../in-context-loader.ts";
import type { KeysAnswer } from "./api.ts";
import { captureViewport } from "./screenshot.ts";

// jsdom draws nothing: the capture is screenshot.test.ts's business, the request is this file's.
vi.mock("./screenshot.ts", async (original) => ({
  ...(await original<typeof import("./screenshot.ts")>()),
  captureViewport: vi.fn(),
}));

const SPROG = "https://sprog.example.com";
const PROJECT = "p-1";
const TOKEN = "sprogctx_abc123";

function tokenMessage(overrides: Record<string, unknown> = {}) {
  return {
    type: "sprog:in-context-token",
    token: TOKEN,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    projectId: PROJECT,
    origin: location.origin,
    userName: "Ana Lima",
    role: "translator",
    ...overrides,
  };
}

function signIn(): void {
  const { type: _type, ...token } = tokenMessage();
  sessionStorage.setItem(tokenStorageKey(PROJECT), JSON.stringify(token));
}

function keysAnswer(overrides: Partial<KeysAnswer> = {}, text = "Willkommen", version = 2): KeysAnswer {
  return {
    project: { id: PROJECT, name: "Shop", sourceLanguage: "en", languages: ["en", "de"] },
    language: "de",
    canEdit: true,
    canAddScreenshots: true,
    keys: [
      {
        id: "k-title",
        name: "home.title",
        description: "The home page's heading",
        maxLength: 40,
        source: "Welcome",
        text,
        version,
        screenshotCount: 0,
      },
    ],
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function Page() {
  const { t } = useTranslation();
  const [bought, setBought] = useState(0);
  return (
    <main>
      <h1 data-testid="title">{t("home.title")}</h1>
      <p data-testid="greeting">{t("home.greeting", { name: "Ana" })}</p>
      <button type="button" data-testid="buy" onClick={() => setBought((count) => count + 1)}>
        {t("cart.buy")}
      </button>
      <input data-testid="search" placeholder={t("search.placeholder")} />
      <output data-testid="bought">{bought}</output>
      <footer data-testid="footer">{`${t("home.title")} · ${t("cart.buy")}`}</footer>
    </main>
  );
}

let i18n: I18n;
let session: InContextSession | undefined;

async function startPage(): Promise<void> {
  i18n = i18next.createInstance();
  await i18n.use(ICU).init({
    lng: "de",
    fallbackLng: "en",
    keySeparator: false,
    resources: {
      de: {
        translation: {
          "home.title": "Willkommen",
          "home.greeting": "Hallo {name}",
          "cart.buy": "Kaufen",
          "search.placeholder": "Suchen",
        },
      },
    },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <Page />
    </I18nextProvider>,
  );
  await act(async () => {
    session = await sprogInContext(i18n, { url: SPROG, projectId: PROJECT, enabled: true });
  });
}

const shadow = () => document.querySelector("[data-sprog-in-context]")?.shadowRoot as ShadowRoot;
const button = (name: string) =>
  [...shadow().querySelectorAll("button")].find((item) => item.textContent === name) as HTMLButtonElement;
const dialog = () => shadow().querySelector("[role=dialog]") as HTMLElement | null;

async function openEditorOn(testId: string): Promise<HTMLTextAreaElement> {
  const target = screen.getByTestId(testId);
  fireEvent.keyDown(window, { key: "Alt", altKey: true });
  fireEvent.click(target, { altKey: true });
  await vi.waitFor(() => expect(dialog()?.querySelector("textarea")).toBeTruthy());
  return dialog()?.querySelector("textarea") as HTMLTextAreaElement;
}

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(() => {
  act(() => session?.stop());
  session = undefined;
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("in-context editing", () => {
  it("marks texts invisibly and strips the markers, so the page looks as without", async () => {
    await startPage();

    await vi.waitFor(() => expect(screen.getByTestId("title").textContent).toBe("Willkommen"));
    expect(screen.getByTestId("greeting").textContent).toBe("Hallo Ana");
    expect(screen.getByTestId("search").getAttribute("placeholder")).toBe("Suchen");
    // Texts the page reads from i18next now carry their key.
    expect(i18n.t("home.title")).not.toBe("Willkommen");
    expect(i18n.t("home.title").startsWith("Willkommen")).toBe(true);
  });

  it("does not start, nor mark texts, without being asked to", async () => {
    const i18nOff = i18next.createInstance();
    await i18nOff.init({ lng: "en", resources: { en: { translation: { hello: "Hello" } } } });

    expect(await sprogInContext(i18nOff, { url: SPROG, projectId: PROJECT })).toBeUndefined();
    expect(i18nOff.t("hello")).toBe("Hello");
    expect(document.querySelector("[data-sprog-in-context]")).toBeNull();
  });

  it("offers a sign-in, and takes the token from Sprog's origin only", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    await startPage();

    button("Sign in to Sprog to edit texts").click();
    expect(open).toHaveBeenCalledWith(
      `${SPROG}/in-context/connect?project=${PROJECT}&origin=${encodeURIComponent(location.origin)}`,
      "sprog-in-context",
      "width=520,height=640",
    );
    expect(shadow().textContent).toContain("The browser blocked Sprog's sign-in window");

    window.dispatchEvent(
      new MessageEvent("message", { origin: "https://evil.example.com", data: tokenMessage() }),
    );
    window.dispatchEvent(
      new MessageEvent("message", { origin: SPROG, data: tokenMessage({ projectId: "other" }) }),
    );
    expect(sessionStorage.getItem(tokenStorageKey(PROJECT))).toBeNull();
    expect(button("Sign in to Sprog to edit texts")).toBeDefined();

    window.dispatchEvent(new MessageEvent("message", { origin: SPROG, data: tokenMessage() }));
    expect(JSON.parse(sessionStorage.getItem(tokenStorageKey(PROJECT)) ?? "{}").token).toBe(TOKEN);
    expect(shadow().textContent).toContain("Editing as Ana Lima — hold Alt and click a text");

    button("Stop editing").click();
    expect(sessionStorage.getItem(tokenStorageKey(PROJECT))).toBeNull();
    expect(button("Sign in to Sprog to edit texts")).toBeDefined();
  });

  it("opens the editor on Alt+click without the page's handler firing, saves, and shows the new text", async () => {
    signIn();
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === "PUT" ? json({ text: "Herzlich willkommen", version: 3 }) : json(keysAnswer()),
    );
    vi.stubGlobal("fetch", fetch);
    await startPage();
    await vi.waitFor(() => expect(screen.getByTestId("title").textContent).toBe("Willkommen"));

    fireEvent.click(screen.getByTestId("buy"), { altKey: true });
    expect(screen.getByTestId("bought").textContent).toBe("0");
    await vi.waitFor(() => expect(dialog()?.textContent).toContain("has no key cart.buy"));
    act(() => button("Close").click());
    expect(dialog()).toBeNull();

    const textarea = await openEditorOn("title");
    const [keysUrl, keysInit] = fetch.mock.calls.at(-1) as [string, RequestInit];
    expect(keysUrl).toBe(`${SPROG}/api/in-context/keys?names=home.title&language=de`);
    expect(keysInit.credentials).toBe("omit");
    expect((keysInit.headers as Record<string, string>).Authorization).toBe(`Bearer ${TOKEN}`);
    expect(dialog()?.getAttribute("aria-modal")).toBe("true");
    expect(dialog()?.textContent).toContain("The home page's heading");
    expect(dialog()?.textContent).toContain("Source (en)Welcome");
    expect(textarea.value).toBe("Willkommen");
    expect(shadow().activeElement).toBe(textarea);

    textarea.value = "Herzlich willkommen";
    fireEvent.input(textarea);
    expect(dialog()?.textContent).toContain("19 / 40 characters");
    await act(async () => {
      fireEvent.keyDown(textarea, { key: "Enter", ctrlKey: true });
    });

    const [saveUrl, saveInit] = fetch.mock.calls.at(-1) as [string, RequestInit];
    expect(saveUrl).toBe(`${SPROG}/api/in-context/keys/k-title/strings/de`);
    expect(saveInit.method).toBe("PUT");
    expect(saveInit.credentials).toBe("omit");
    expect(JSON.parse(String(saveInit.body))).toEqual({ text: "Herzlich willkommen", version: 2 });
    await vi.waitFor(() => expect(screen.getByTestId("title").textContent).toBe("Herzlich willkommen"));
    expect(dialog()).toBeNull();
    expect(shadow().textContent).toContain("Saved");
  });

  it("shows the newer text when someone saved in between (409)", async () => {
    signIn();
    let keysCalls = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === "PUT") {
          return json({ error: { code: "conflict", message: "A newer version was saved" } }, 409);
        }
        keysCalls += 1;
        return json(keysCalls === 1 ? keysAnswer() : keysAnswer({}, "Hallo und willkommen", 3));
      }),
    );
    await startPage();
    await vi.waitFor(() => expect(screen.getByTestId("title").textContent).toBe("Willkommen"));
    const textarea = await openEditorOn("title");

    textarea.value = "Mein Text";
    await act(async () => button("Save").click());

    await vi.waitFor(() => expect(dialog()?.querySelector("textarea")?.value).toBe("Hallo und willkommen"));
    expect(dialog()?.querySelector("[role=alert]")?.textContent).toContain("Someone saved a newer text");
  });

  it("signs out when Sprog no longer takes the token (401), and says what the server said otherwise", async () => {
    signIn();
    let status = 403;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json({ error: { code: "forbidden", message: "You cannot edit this project" } }, status),
      ),
    );
    await startPage();
    await vi.waitFor(() => expect(screen.getByTestId("title").textContent).toBe("Willkommen"));

    fireEvent.click(screen.getByTestId("title"), { altKey: true });
    await vi.waitFor(() =>
      expect(dialog()?.querySelector("[role=alert]")?.textContent).toBe("You cannot edit this project"),
    );
    act(() => button("Close").click());

    status = 401;
    fireEvent.click(screen.getByTestId("title"), { altKey: true });
    await vi.waitFor(() => expect(button("Sign in to Sprog to edit texts")).toBeDefined());
    expect(dialog()).toBeNull();
    expect(sessionStorage.getItem(tokenStorageKey(PROJECT))).toBeNull();
  });

  it("is read-only without the right to edit, closes on Escape and gives focus back", async () => {
    signIn();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(keysAnswer({ canEdit: false, canAddScreenshots: false }))),
    );
    await startPage();
    await vi.waitFor(() => expect(screen.getByTestId("title").textContent).toBe("Willkommen"));
    const search = screen.getByTestId("search");
    search.focus();

    const textarea = await openEditorOn("title");
    expect(textarea.readOnly).toBe(true);
    expect(dialog()?.textContent).toContain("You can read this project's texts but not change them.");
    expect([...(dialog()?.querySelectorAll("button") ?? [])].map((item) => item.textContent)).toEqual([
      "Close",
    ]);
    // Tab from the last control comes back to the first: focus stays in the dialog.
    button("Close").focus();
    fireEvent.keyDown(button("Close"), { key: "Tab" });
    expect(shadow().activeElement).toBe(textarea);

    fireEvent.keyDown(textarea, { key: "Escape" });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(search);
  });

  it("lets the person pick the text when an element shows several", async () => {
    signIn();
    const answer = keysAnswer();
    answer.keys.push({
      ...(answer.keys[0] as KeysAnswer["keys"][number]),
      id: "k-buy",
      name: "cart.buy",
      text: "Kaufen",
    });
    const fetch = vi.fn(async (_input: RequestInfo | URL) => json(answer));
    vi.stubGlobal("fetch", fetch);
    await startPage();
    await vi.waitFor(() => expect(screen.getByTestId("footer").textContent).toBe("Willkommen · Kaufen"));

    const textarea = await openEditorOn("footer");

    expect(fetch.mock.calls.at(-1)?.[0]).toBe(
      `${SPROG}/api/in-context/keys?names=home.title%2Ccart.buy&language=de`,
    );
    const select = dialog()?.querySelector("select") as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(["home.title", "cart.buy"]);
    expect(textarea.value).toBe("Willkommen");
    select.selectedIndex = 1;
    fireEvent.change(select);
    expect(dialog()?.querySelector("textarea")?.value).toBe("Kaufen");
  });

  it("adds a screenshot with the text's rectangle", async () => {
    signIn();
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === "POST" ? json({ id: "s-1", keyId: "k-title" }, 201) : json(keysAnswer()),
    );
    vi.stubGlobal("fetch", fetch);
    const capture = vi.mocked(captureViewport);
    capture.mockResolvedValue({
      image: new Blob(["png"], { type: "image/png" }),
      rectangle: { x: 10, y: 20, width: 300, height: 40 },
    });
    await startPage();
    await vi.waitFor(() => expect(screen.getByTestId("title").textContent).toBe("Willkommen"));
    await openEditorOn("title");

    await act(async () => button("Add screenshot").click());

    await vi.waitFor(() => expect(dialog()?.textContent).toContain("Screenshot added"));
    expect(capture).toHaveBeenCalledWith(screen.getByTestId("title"));
    const [url, init] = fetch.mock.calls.at(-1) as [string, RequestInit];
    expect(url).toBe(`${SPROG}/api/in-context/keys/k-title/screenshots`);
    const form = init.body as FormData;
    expect((form.get("file") as File).name).toBe("in-context.png");
    expect((form.get("file") as File).type).toBe("image/png");
    expect([form.get("x"), form.get("y"), form.get("width"), form.get("height")]).toEqual([
      "10",
      "20",
      "300",
      "40",
    ]);
  });
});
