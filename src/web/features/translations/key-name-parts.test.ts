import { describe, expect, it } from "vitest";
import { keyNameParts } from "./key-name-parts.ts";

describe("keyNameParts", () => {
  it("cuts after each separator and where a camelCase word starts", () => {
    expect(keyNameParts("settings.notifications.emailDigestFrequencyDescription")).toEqual([
      "settings.",
      "notifications.",
      "email",
      "Digest",
      "Frequency",
      "Description",
    ]);
    expect(keyNameParts("nav/main-menu:open_all")).toEqual(["nav/", "main-", "menu:", "open_", "all"]);
  });

  it("keeps runs of separators and capitals together", () => {
    expect(keyNameParts("a..b__c")).toEqual(["a..", "b__", "c"]);
    expect(keyNameParts("HTTPError.URL")).toEqual(["HTTPError.", "URL"]);
    expect(keyNameParts("step2Title")).toEqual(["step2", "Title"]);
  });

  it("gives the name back when joined, and nothing for an empty name", () => {
    for (const name of ["x", ".leading", "trailing.", "ünïcödeÄrger.ß"]) {
      expect(keyNameParts(name).join("")).toBe(name);
    }
    expect(keyNameParts("")).toEqual([]);
  });
});
