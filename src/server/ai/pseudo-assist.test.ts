import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { comparePlaceholders } from "../../shared/placeholders/check.ts";
import { ASSIST_ACTIONS, type AssistAction } from "../../shared/schemas/assist.ts";
import { PSEUDO_ASSIST_LABELS, pseudoAssist } from "./pseudo-assist.ts";

const run = (action: AssistAction, text: string, language = "en") => pseudoAssist({ action, text, language });

describe("pseudoAssist", () => {
  it("shortens by dropping filler words and wordy phrases, keeping the capital", () => {
    expect(run("shorten", "Please just click here in order to save your changes.")).toBe(
      "Click here to save your changes.",
    );
    expect(run("shorten", "Your file was successfully uploaded, really")).toBe("Your file was uploaded");
    expect(run("shorten", "  We are  able to   help  ")).toBe("  We can help  ");
  });

  it("expands with a clearly labelled addition", () => {
    expect(run("expand", "Save your changes")).toBe(`Save your changes ${PSEUDO_ASSIST_LABELS.expand}`);
  });

  it("fixes spaces, capitals, repeated words and punctuation", () => {
    expect(run("fix_grammar", "hello  world ,this is is great!! i think so")).toBe(
      "Hello world, this is great! I think so.",
    );
    expect(run("fix_grammar", "it worked. now try again")).toBe("It worked. Now try again.");
    expect(run("fix_grammar", "Wait..")).toBe("Wait.");
    expect(run("fix_grammar", "Wait...")).toBe("Wait...");
    expect(run("fix_grammar", "Already fine.")).toBe("Already fine.");
  });

  it("keeps the French space before ! and ?", () => {
    expect(run("fix_grammar", "bonjour ,le monde !", "fr")).toBe("Bonjour, le monde !");
  });

  it("rephrases with synonyms in the same case, or says it rephrased", () => {
    expect(run("rephrase", "Delete this file? Click OK.")).toBe("Remove this file? Select OK.");
    expect(run("rephrase", "Hello there")).toBe(`Hello there ${PSEUDO_ASSIST_LABELS.rephrase}`);
  });

  it("matches a friendlier tone with contractions, or says it did", () => {
    expect(run("match_tone", "You cannot do that. We are sorry!!")).toBe("You can't do that. We're sorry!");
    expect(run("match_tone", "Hello")).toBe(`Hello ${PSEUDO_ASSIST_LABELS.match_tone}`);
  });

  it("never touches placeholders", () => {
    const text = "please just  delete {count} files for %1$s [name] , do not wait";
    for (const action of ASSIST_ACTIONS) {
      const out = run(action, text);
      expect(out, action).not.toBe(text);
      for (const placeholder of ["{count}", "%1$s", "[name]"]) expect(out, action).toContain(placeholder);
    }
    expect(run("fix_grammar", "{name} is here")).toBe("{name} is here");
    expect(run("shorten", "{name} just left")).toBe("{name} left");
    const plural = "You have {count, plural, one {# just very new message} other {# new messages}}";
    expect(run("shorten", plural)).toBe(plural);
  });

  it("keeps leading and trailing whitespace and line breaks", () => {
    expect(run("fix_grammar", "\n  first line\nsecond  line ")).toBe("\n  First line\nsecond line ");
  });

  it("is deterministic and keeps the placeholder set of any text", () => {
    const piece = fc.constantFrom(
      "{count}",
      "%1$s",
      "%d",
      "[name]",
      "{{user}}",
      "%{n}",
      " just ",
      " really",
      "  ",
      ".",
      "..",
      "!!",
      ",",
      " i ",
      "delete",
      "do not",
      "hello",
      "\n",
      "100%",
      "{",
      "}",
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join("")),
        fc.constantFrom(...ASSIST_ACTIONS),
        (text, action) => {
          const out = run(action, text);
          expect(run(action, text)).toBe(out);
          expect(comparePlaceholders(text, out).matches).toBe(true);
        },
      ),
    );
  });
});
