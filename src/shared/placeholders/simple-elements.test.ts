import { type MessageFormatElement, parse } from "@formatjs/icu-messageformat-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simpleElements } from "./icu-prepare.ts";

/** The parts of an element the placeholder walk reads. */
function shape(elements: MessageFormatElement[]) {
  return elements.map((e) => ({
    type: e.type,
    value: "value" in e ? e.value : undefined,
    start: e.location?.start.offset,
    end: e.location?.end.offset,
  }));
}

function parsed(text: string) {
  return parse(text, { ignoreTag: true, captureLocation: true, requiresOtherClause: false });
}

describe("the parser's shortcut for plain {name} messages", () => {
  it("gives what formatjs gives, for the messages it takes", () => {
    for (const text of [
      "Hello {name}, you have {count} messages",
      "{a}{b}",
      "{ spaced } text",
      "No arguments at all",
      "",
      "<b>{name}</b> joined",
      "100 % {n} # done",
    ]) {
      const fast = simpleElements(text);
      expect(fast, text).toBeDefined();
      expect(shape(fast ?? []), text).toEqual(shape(parsed(text)));
    }
  });

  it("leaves every other message to the parser", () => {
    for (const text of [
      "{n, plural, one {# file} other {# files}}",
      "it's {name}",
      "{",
      "a } b",
      "{n, number}",
    ]) {
      expect(simpleElements(text), text).toBeUndefined();
    }
  });

  it("agrees with formatjs on generated messages", () => {
    const piece = fc.oneof(
      fc.constantFrom(
        "{name}",
        "{ count }",
        "{x1}",
        "Hello",
        " ",
        ", ",
        "%d",
        "<b>",
        "#",
        "ü",
        "{",
        "}",
        "'",
      ),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const text = pieces.join("");
        const fast = simpleElements(text);
        if (fast === undefined) return;
        expect(shape(fast)).toEqual(shape(parsed(text)));
      }),
      { numRuns: 2000 },
    );
  });
});
