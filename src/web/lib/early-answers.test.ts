import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { earlyRequestsKey, parseEarlyRequests } from "../early/early-requests.ts";

/** The module keeps the opening page's state: each test starts it afresh, at the given address. */
async function freshModule(pagePath: string) {
  window.history.replaceState(null, "", pagePath);
  vi.resetModules();
  return import("./early-answers.ts");
}

const stored = (pagePath: string) => parseEarlyRequests(localStorage.getItem(earlyRequestsKey(pagePath)));

beforeEach(() => {
  localStorage.clear();
  delete window.__sprogEarly;
  vi.spyOn(performance, "now").mockReturnValue(100);
});
afterEach(() => vi.restoreAllMocks());

describe("noting what a screen opens with", () => {
  it("notes the GETs of an /app screen, once each, in order, until its first data shows", async () => {
    const early = await freshModule("/app/overview");
    early.noteOpeningRequest("/api/auth/session");
    early.noteOpeningRequest("/api/projects/p1/keys?limit=200&languages=en%2Cde");
    early.noteOpeningRequest("/api/auth/session");
    early.endOpening();
    early.noteOpeningRequest("/api/projects/p1/completion");
    expect(stored("/app/overview")).toEqual([
      "/api/auth/session",
      "/api/projects/p1/keys?limit=200&languages=en%2Cde",
    ]);
  });

  it("notes nothing on a public page, after the opening's time, or outside our app's API", async () => {
    const landing = await freshModule("/");
    landing.noteOpeningRequest("/api/auth/session");
    expect(stored("/")).toEqual([]);

    const late = await freshModule("/app/team");
    vi.spyOn(performance, "now").mockReturnValue(60_000);
    late.noteOpeningRequest("/api/teams");
    expect(stored("/app/team")).toEqual([]);

    vi.spyOn(performance, "now").mockReturnValue(100);
    const elsewhere = await freshModule("/app/reviews");
    elsewhere.noteOpeningRequest("https://evil.example/api/x");
    elsewhere.noteOpeningRequest("//evil.example/api/x");
    elsewhere.noteOpeningRequest("/api/v1/pull");
    elsewhere.noteOpeningRequest("/api/teams");
    expect(stored("/app/reviews")).toEqual(["/api/teams"]);
  });

  it("forgets every page's list on sign-out, and nothing else", async () => {
    localStorage.setItem(earlyRequestsKey("/app/overview"), '["/api/teams"]');
    localStorage.setItem(earlyRequestsKey("/app/team"), '["/api/teams"]');
    localStorage.setItem("sprog.cookieConsent", "x");
    const early = await freshModule("/app/overview");
    early.forgetEarlyRequests();
    expect(Object.keys(localStorage)).toEqual(["sprog.cookieConsent"]);
  });
});

describe("taking an early answer", () => {
  it("gives the early script's answer once, then leaves the app to ask", async () => {
    const answer = Promise.resolve(new Response("{}"));
    window.__sprogEarly = { started: 0, answers: new Map([["/api/teams", answer]]) };
    const early = await freshModule("/app/overview");
    expect(early.takeEarlyAnswer("/api/teams")).toBe(answer);
    expect(early.takeEarlyAnswer("/api/teams")).toBeUndefined();
    expect(early.takeEarlyAnswer("/api/auth/session")).toBeUndefined();
  });

  it("drops an answer nobody took in time: the data may have changed since", async () => {
    window.__sprogEarly = {
      started: 0,
      answers: new Map([["/api/teams", Promise.resolve(new Response("{}"))]]),
    };
    const early = await freshModule("/app/overview");
    vi.spyOn(performance, "now").mockReturnValue(60_000);
    expect(early.takeEarlyAnswer("/api/teams")).toBeUndefined();
  });
});

describe("the stored list", () => {
  it("keeps only our own API's paths, at most 16, from whatever was stored", () => {
    expect(parseEarlyRequests("not json")).toEqual([]);
    expect(parseEarlyRequests('{"a":1}')).toEqual([]);
    expect(parseEarlyRequests('["/api/teams", 3, "/elsewhere", "/api/../x//y"]')).toEqual(["/api/teams"]);
    const many = JSON.stringify(Array.from({ length: 40 }, (_, i) => `/api/teams/${i}`));
    expect(parseEarlyRequests(many)).toHaveLength(16);
  });
});
