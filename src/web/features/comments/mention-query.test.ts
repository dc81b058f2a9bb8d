import { describe, expect, it } from "vitest";
import { activeMention, insertMention, matchPeople } from "./mention-query.ts";

const rita = { id: "u1", name: "Rita Reviewer", email: "rita@example.com" };
const anon = { id: "u2", name: "", email: "anon@example.com" };

describe("activeMention", () => {
  it("finds the @-word at the caret, names with spaces included", () => {
    expect(activeMention("Hi @Ri", 6)).toEqual({ start: 3, query: "Ri" });
    expect(activeMention("@Rita Rev", 9)).toEqual({ start: 0, query: "Rita Rev" });
    expect(activeMention("@", 1)).toEqual({ start: 0, query: "" });
  });

  it("ignores e-mail addresses in the text, line breaks and a space right after the @", () => {
    expect(activeMention("mail me at a@b", 14)).toBeNull();
    expect(activeMention("@Rita\nnext", 10)).toBeNull();
    expect(activeMention("@ hello", 7)).toBeNull();
    expect(activeMention("no mention", 10)).toBeNull();
  });
});

describe("matchPeople and insertMention", () => {
  it("matches by name or e-mail in any letter case", () => {
    expect(matchPeople([rita, anon], "rev")).toEqual([rita]);
    expect(matchPeople([rita, anon], "ANON")).toEqual([anon]);
    expect(matchPeople([rita, anon], "")).toEqual([rita, anon]);
  });

  it("writes the full name, else the e-mail, and puts the caret after it", () => {
    const text = "Hi @ri, see this";
    const mention = activeMention(text, 6);
    if (!mention) throw new Error("no mention");
    expect(insertMention(text, mention, 6, rita)).toEqual({
      text: "Hi @Rita Reviewer , see this",
      caret: 18,
    });
    expect(insertMention("@an", { start: 0, query: "an" }, 3, anon)).toEqual({
      text: "@anon@example.com ",
      caret: 18,
    });
  });
});
