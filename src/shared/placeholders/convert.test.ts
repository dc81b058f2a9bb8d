import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { valueToEntry } from "../formats/plurals.ts";
import type { PlaceholderFormat } from "../schemas/projects.ts";
import { comparePlaceholders } from "./check.ts";
import { convertPlaceholders } from "./convert.ts";
import { detectPlaceholders, isPrintfKind } from "./detect.ts";
import { valueFamily } from "./identity.ts";

type Row = [input: string, web: string, unified: string, ios: string, android: string, lokalise: string];

const FORMATS: readonly PlaceholderFormat[] = ["web", "unified", "ios", "android", "lokalise"];

describe("convertPlaceholders", () => {
  it.each<Row>([
    ["Hi {name}", "Hi {name}", "Hi [name]", "Hi %@", "Hi %1$s", "Hi [%name$s]"],
    ["Hi [name]", "Hi {name}", "Hi [name]", "Hi %@", "Hi %1$s", "Hi [%name$s]"],
    ["Hi %{name}", "Hi {name}", "Hi [name]", "Hi %@", "Hi %1$s", "Hi [%name$s]"],
    ["Hi {{name}}", "Hi {name}", "Hi [name]", "Hi %@", "Hi %1$s", "Hi [%name$s]"],
    ["Hi [%name$s]", "Hi {name}", "Hi [name]", "Hi %@", "Hi %1$s", "Hi [%name$s]"],
    ["{a} and {b}", "{a} and {b}", "[a] and [b]", "%1$@ and %2$@", "%1$s and %2$s", "[%a$s] and [%b$s]"],
    ["{a} {b} {a}", "{a} {b} {a}", "[a] [b] [a]", "%1$@ %2$@ %1$@", "%1$s %2$s %1$s", "[%a$s] [%b$s] [%a$s]"],
    [
      "{n, number} items",
      "{n, number} items",
      "[n:number] items",
      "%lld items",
      "%1$d items",
      "[%n$d] items",
    ],
    ["[n:number] items", "{n, number} items", "[n:number] items", "%lld items", "%1$d items", "[%n$d] items"],
    ["{x, float} kg", "{x, float} kg", "[x:float] kg", "%f kg", "%1$f kg", "[%x$f] kg"],
    [
      "{who} has {n, number}",
      "{who} has {n, number}",
      "[who] has [n:number]",
      "%1$@ has %2$lld",
      "%1$s has %2$d",
      "[%who$s] has [%n$d]",
    ],
    [
      "%@ and %d",
      "{arg1} and {arg2, number}",
      "[arg1] and [arg2:number]",
      "%@ and %d",
      "%1$s and %2$d",
      "[%1$s] and [%2$d]",
    ],
    ["%1$s / %2$s", "{arg1} / {arg2}", "[arg1] / [arg2]", "%1$@ / %2$@", "%1$s / %2$s", "[%1$s] / [%2$s]"],
    ["%2$s, %1$s", "{arg2}, {arg1}", "[arg2], [arg1]", "%2$@, %1$@", "%2$s, %1$s", "[%2$s], [%1$s]"],
    ["%.2f%%", "{arg1, number}%", "[arg1:float]%", "%.2f%%", "%.2f%%", "[%1$.2f]%%"],
    [
      "%lld, %i, %u",
      "{arg1, number}, {arg2, number}, {arg3, number}",
      "[arg1:number], [arg2:number], [arg3:number]",
      "%lld, %i, %u",
      "%1$d, %2$d, %3$d",
      "[%1$d], [%2$d], [%3$d]",
    ],
    ["{arg2} {arg1}", "{arg2} {arg1}", "[arg2] [arg1]", "%2$@ %1$@", "%2$s %1$s", "[%2$s] [%1$s]"],
    ["50% of {n}", "50% of {n}", "50% of [n]", "50%% of %@", "50%% of %1$s", "50% of [%n$s]"],
    [
      "no placeholders",
      "no placeholders",
      "no placeholders",
      "no placeholders",
      "no placeholders",
      "no placeholders",
    ],
  ])("%j", (input, ...expected) => {
    expect(FORMATS.map((format) => convertPlaceholders(input, format))).toEqual(expected);
  });

  it("keeps ICU plural and select blocks, converting only what is inside the branches", () => {
    const text = "{x} {x, plural, one {# item for {who}} other {# items}}";
    expect(convertPlaceholders(text, "web")).toBe(text);
    expect(convertPlaceholders(text, "unified")).toBe(
      "[x] {x, plural, one {# item for [who]} other {# items}}",
    );
    expect(convertPlaceholders(text, "android")).toBe(
      "%1$s {x, plural, one {# item for %2$s} other {# items}}",
    );
    expect(convertPlaceholders("{g, select, m {he} other {they}}", "ios")).toBe(
      "{g, select, m {he} other {they}}",
    );
  });

  it("numbers a translation's arguments in the order of its source", () => {
    expect(convertPlaceholders("{b} dann {a}", "android", { reference: "{a} then {b}" })).toBe(
      "%2$s dann %1$s",
    );
    expect(convertPlaceholders("{b}", "ios", { reference: "{a} then {b}" })).toBe("%2$@");
    expect(convertPlaceholders("{a}", "ios", { reference: "{a}" })).toBe("%@");
  });

  it("round-trips positional printf through the named formats", () => {
    for (const [text, back] of [
      ["%2$s, %1$d", "%2$s, %1$d"],
      ["%1$@ of %2$@", "%1$s of %2$s"],
      // Left as it is for android, since Java reads it; from a named format it comes back positional.
      ["%s and %d", "%1$s and %2$d"],
    ] as const) {
      const android = convertPlaceholders(text, "android");
      for (const named of ["web", "unified", "lokalise"] as const) {
        expect(
          convertPlaceholders(convertPlaceholders(android, named), "android"),
          `${text} via ${named}`,
        ).toBe(back);
      }
    }
  });

  it("keeps the converted translation consistent with the converted source", () => {
    const source = "{user} sent {n, number} files to {team}";
    const translation = "{team}: {n, number} Dateien von {user}";
    for (const format of FORMATS) {
      const check = comparePlaceholders(
        convertPlaceholders(source, format),
        convertPlaceholders(translation, format, { reference: source }),
      );
      expect(check.matches, format).toBe(true);
    }
  });
});

describe("convertPlaceholders: each plural form numbers its own arguments", () => {
  const files = "{count, plural, one {%d file} other {%d files}}";

  it("gives every Android <plurals> item the argument the app passes", () => {
    const ios = "{count, plural, one {%lld file} other {%lld files}}";
    const android = convertPlaceholders(ios, "android", { reference: ios });
    expect(android).toBe("{count, plural, one {%1$d file} other {%1$d files}}");
    expect(valueToEntry("files", android).plurals).toEqual({ one: "%1$d file", other: "%1$d files" });
    // Forms already in Java's syntax are the file's own: left as they are.
    expect(convertPlaceholders(files, "android", { reference: files })).toBe(files);
    expect(convertPlaceholders(files, "web")).toBe(
      "{count, plural, one {{arg1, number} file} other {{arg1, number} files}}",
    );
  });

  it("keeps .stringsdict forms unnumbered when each form has one argument", () => {
    expect(convertPlaceholders(files, "ios")).toBe(files);
    expect(
      convertPlaceholders("{n, plural, one {%lld item} few {%lld items} other {%lld items}}", "ios"),
    ).toBe("{n, plural, one {%lld item} few {%lld items} other {%lld items}}");
    expect(convertPlaceholders("{n, plural, one {%s has %d file} other {%s has %d files}}", "ios")).toBe(
      "{n, plural, one {%1$@ has %2$d file} other {%1$@ has %2$d files}}",
    );
  });

  it("leaves a stringsdict variable in a form as it is (in a branch, `#` is the plural's number)", () => {
    const text = "{n, plural, one {%d file in %#@folders@} other {%d files in %#@folders@}}";
    expect(convertPlaceholders(text, "ios")).toBe(text);
  });

  it("numbers a translation with more forms than its source form by form", () => {
    const ru = "{count, plural, one {%d файл} few {%d файла} many {%d файлов} other {%d файла}}";
    const ruIos = "{count, plural, one {%lld файл} few {%lld файла} many {%lld файлов} other {%lld файла}}";
    expect(convertPlaceholders(ruIos, "android", { reference: files })).toBe(
      "{count, plural, one {%1$d файл} few {%1$d файла} many {%1$d файлов} other {%1$d файла}}",
    );
    expect(convertPlaceholders(ru, "android", { reference: files })).toBe(ru);
    expect(convertPlaceholders(ru, "ios", { reference: files })).toBe(ru);
  });

  it("converts the plural's own argument in its branches as a number", () => {
    const text = "{n, plural, one {{n} file} other {{n} files}}";
    expect(convertPlaceholders(text, "android")).toBe("{n, plural, one {%1$d file} other {%1$d files}}");
    expect(convertPlaceholders(text, "ios")).toBe("{n, plural, one {%lld file} other {%lld files}}");
    expect(convertPlaceholders(text, "lokalise")).toBe("{n, plural, one {[%n$d] file} other {[%n$d] files}}");
  });

  it("keeps one position per named argument across forms, numbering iOS form by form", () => {
    const text = "{n, plural, one {{who}: one file} other {{who}: {n} files}}";
    expect(convertPlaceholders(text, "android")).toBe(
      "{n, plural, one {%1$s: one file} other {%1$s: %2$d files}}",
    );
    expect(convertPlaceholders(text, "ios")).toBe(
      "{n, plural, one {%@: one file} other {%1$@: %2$lld files}}",
    );
    expect(convertPlaceholders("{n, plural, one {{n} file} other {{who}: {n} files}}", "ios")).toBe(
      "{n, plural, one {%lld file} other {%2$@: %1$lld files}}",
    );
  });

  it("matches the source form by form, falling back to the source's other form", () => {
    const source = "{n, plural, one {{a} once} other {{a} and {b}}}";
    const translation = "{n, plural, one {{a} einmal} few {{b} paar {a}} other {{b} und {a}}}";
    expect(convertPlaceholders(translation, "android", { reference: source })).toBe(
      "{n, plural, one {%1$s einmal} few {%2$s paar %1$s} other {%2$s und %1$s}}",
    );
    expect(convertPlaceholders(translation, "ios", { reference: source })).toBe(
      "{n, plural, one {%@ einmal} few {%2$@ paar %1$@} other {%2$@ und %1$@}}",
    );
    expect(
      convertPlaceholders("{n, plural, few {{a}} other {{a}}}", "ios", {
        reference: "{n, plural, one {{a}} other {{a} {b}}}",
      }),
    ).toBe("{n, plural, few {%1$@} other {%1$@}}");
  });

  it("counts the text outside a block, and each branch of nested blocks, as scopes of their own", () => {
    expect(convertPlaceholders("%@: {n, plural, one {%lld file} other {%lld files}}", "android")).toBe(
      "%1$s: {n, plural, one {%1$d file} other {%1$d files}}",
    );
    expect(
      convertPlaceholders(
        "{g, select, female {%@: {n, plural, one {%lld Datei} other {%lld Dateien}}} other {%lld x}}",
        "android",
      ),
    ).toBe("{g, select, female {%1$s: {n, plural, one {%1$d Datei} other {%1$d Dateien}}} other {%1$d x}}");
  });
});

describe("convertPlaceholders: text already in the target's printf syntax is left as it is (issue 33)", () => {
  const once = (text: string, to: PlaceholderFormat, reference?: string) => {
    const converted = convertPlaceholders(text, to, reference === undefined ? {} : { reference });
    expect(convertPlaceholders(converted, to, reference === undefined ? {} : { reference }), "twice").toBe(
      converted,
    );
    return converted;
  };

  it.each([
    "%d",
    "%s of %d",
    "%1$s %2$d",
    "%2$s von %1$s",
    "%.2f",
    "%d files, 100% done",
    "%d%% done",
    "Total: %,d",
    "%-5s|%05.1f|%x|%X|%c|%e|%G",
    "%s, 50%igen",
    "{count, plural, one {%d file} other {%d files}}",
    "%s: {n, plural, one {%d file} other {%1$d files}}",
    "no placeholders, 100%",
  ])("android keeps Java's %j", (text) => {
    expect(once(text, "android")).toBe(text);
  });

  it.each([
    "%1$@",
    "%@ and %@",
    "%lld",
    "%@ and %d",
    "%1$@ has %2$lld files",
    "%2$@ hat %1$ld Dateien",
    "%ld of %lu, %i %u",
    "%.1f%% of %@",
    "%@ (%s)",
    "%d",
    "{n, plural, one {%1$@ has a file} other {%1$@ has %2$lld files}}",
    "no placeholders, 100%",
  ])("ios keeps NSString's %j", (text) => {
    expect(once(text, "ios")).toBe(text);
  });

  it("keeps a translation as it is whatever its source", () => {
    expect(once("%2$s von %1$s", "android", "%1$s of %2$s")).toBe("%2$s von %1$s");
    expect(once("%1$@", "ios", "%1$@")).toBe("%1$@");
    expect(once("%2$@ und %1$@", "ios", "{a} and {b}")).toBe("%2$@ und %1$@");
  });

  it.each<[input: string, android: string]>([
    ["%@", "%1$s"],
    ["{name}", "%1$s"],
    ["Hi {name}, %d new", "Hi %2$s, %1$d new"],
    ["%ld", "%1$d"],
    ["%lld of %i", "%1$d of %2$d"],
    ["%u", "%1$d"],
    ["%F", "%1$F"],
    ["%s and %1$s", "%1$s and %1$s"],
    ["[%1$s]", "%1$s"],
    ["%0$s", "%0$s"],
    ["{n, plural, one {%lld file} other {%lld files}}", "{n, plural, one {%1$d file} other {%1$d files}}"],
    ["50% of %@", "50% of %1$s"],
  ])("android still converts %j", (input, android) => {
    expect(once(input, "android")).toBe(android);
  });

  it.each<[input: string, ios: string]>([
    ["%1$s", "%1$@"],
    ["%s", "%@"],
    ["%s of %d", "%1$@ of %2$d"],
    ["%2$s von %1$s", "%2$@ von %1$@"],
    ["{name}", "%@"],
    ["%@ and %1$@", "%1$@ and %1$@"],
    ["%l@", "%@"],
    ["{n, plural, one {%s file} other {%s files}}", "{n, plural, one {%@ file} other {%@ files}}"],
  ])("ios still converts %j", (input, ios) => {
    expect(once(input, "ios")).toBe(ios);
  });
});

describe("convertPlaceholders: percent text is not a placeholder", () => {
  it.each<Row>([
    ["100%", "100%", "100%", "100%", "100%", "100%"],
    ["100%igen", "100%igen", "100%igen", "100%igen", "100%igen", "100%igen"],
    ["50%s of", "50%s of", "50%s of", "50%s of", "50%s of", "50%s of"],
    ["Save 10%d", "Save 10%d", "Save 10%d", "Save 10%d", "Save 10%d", "Save 10%d"],
    [
      "Save 10%d today",
      "Save 10%d today",
      "Save 10%d today",
      "Save 10%d today",
      "Save 10%d today",
      "Save 10%d today",
    ],
    ["100%igen {n}", "100%igen {n}", "100%igen [n]", "100%%igen %@", "100%%igen %1$s", "100%igen [%n$s]"],
    ["100%% sure", "100%% sure", "100%% sure", "100%% sure", "100%% sure", "100%% sure"],
    ["%d%%", "{arg1, number}%", "[arg1:number]%", "%d%%", "%d%%", "[%1$d]%%"],
    ["Hello %s", "Hello {arg1}", "Hello [arg1]", "Hello %@", "Hello %s", "Hello [%1$s]"],
    ["%1$s", "{arg1}", "[arg1]", "%1$@", "%1$s", "[%1$s]"],
    ["10%1$s", "10{arg1}", "10[arg1]", "10%1$@", "10%1$s", "10[%1$s]"],
    ["%d%s", "{arg1, number}{arg2}", "[arg1:number][arg2]", "%1$d%2$@", "%d%s", "[%1$d][%2$s]"],
    [
      "履歴から%sを削除",
      "履歴から{arg1}を削除",
      "履歴から[arg1]を削除",
      "履歴から%@を削除",
      "履歴から%sを削除",
      "履歴から[%1$s]を削除",
    ],
  ])("%j", (input, ...expected) => {
    expect(FORMATS.map((format) => convertPlaceholders(input, format))).toEqual(expected);
  });

  it("leaves a pulled JSON of percent prose alone", () => {
    const pulled = { b: "100%igen", c: "50%s of", url: "https%3A%2F%2Fexample.org" };
    for (const format of ["web", "unified", "lokalise"] as const) {
      for (const value of Object.values(pulled))
        expect(convertPlaceholders(value, format), format).toBe(value);
    }
  });

  it("still numbers the real placeholders of a text that also has percent text", () => {
    expect(convertPlaceholders("%s: 100%igen", "web")).toBe("{arg1}: 100%igen");
    expect(convertPlaceholders("50%s of %@", "android")).toBe("50%s of %1$s");
    expect(convertPlaceholders("50%s of %s", "ios")).toBe("50%s of %@");
  });
});

/** Each branch of a one-plural message, as written. */
function branches(message: string): Map<string, string> {
  const [plural] = parse(message, { ignoreTag: true, captureLocation: true, requiresOtherClause: false });
  const found = new Map<string, string>();
  if (plural?.type !== TYPE.plural) return found;
  for (const [selector, option] of Object.entries(plural.options)) {
    const first = option.value[0]?.location?.start.offset;
    const last = option.value.at(-1)?.location?.end.offset;
    found.set(selector, first === undefined || last === undefined ? "" : message.slice(first, last));
  }
  return found;
}

/** A form's arguments as position and kind of value, whatever the syntax (`%d` ≡ `{arg1, number}`). */
function argumentsOf(form: string): string[] {
  return detectPlaceholders(form)
    .map((placeholder) => {
      const position = isPrintfKind(placeholder.kind) ? placeholder.index : placeholder.name?.slice(3);
      const family = valueFamily(placeholder);
      return `${position}:${family === "int" || family === "float" ? "number" : "text"}`;
    })
    .sort();
}

describe("convertPlaceholders: plural properties", () => {
  const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}[.,!?:]?$/);
  const printf = fc.oneof(
    fc.constantFrom("%@", "%s", "%d", "%i", "%u", "%f", "%.2f", "%lld", "%ld", "%x", "%c"),
    fc
      .tuple(fc.integer({ min: 1, max: 4 }), fc.constantFrom("s", "@", "d", "f", ".1f"))
      .map(([i, c]) => `%${i}$${c}`),
  );
  const form = (token: fc.Arbitrary<string>) =>
    fc
      .array(fc.oneof({ weight: 2, arbitrary: word }, { weight: 2, arbitrary: token }), { maxLength: 8 })
      .map((parts) => parts.join(" "));
  const pluralOf = (token: fc.Arbitrary<string>) =>
    fc
      .tuple(
        fc.subarray(["zero", "one", "two", "few", "many"]),
        fc.array(form(token), { minLength: 6, maxLength: 6 }),
      )
      .map(
        ([selectors, forms]) =>
          `{n, plural, ${[...selectors, "other"].map((selector, i) => `${selector} {${forms[i]}}`).join(" ")}}`,
      );
  const printfPlural = pluralOf(printf);
  /**
   * Forms that agree on what the app passes: one argument list, each form using it positionally
   * (`%2$d … %1$s`) or in order (`%s … %d`). Floats are left out: web has no float type, so
   * `{x, number}` converts back as an integer.
   */
  const agreeingPlural = fc
    .array(fc.constantFrom("s", "d"), { minLength: 1, maxLength: 3 })
    .chain((types) => {
      const positional = fc
        .array(fc.integer({ min: 1, max: types.length }), { maxLength: 4 })
        .map((positions) => positions.map((position) => `%${position}$${types[position - 1]}`));
      const inOrder = fc
        .integer({ min: 0, max: types.length })
        .map((count) => types.slice(0, count).map((type) => `%${type}`));
      const formOf = fc
        .tuple(fc.oneof(positional, inOrder), fc.array(word, { minLength: 4, maxLength: 4 }))
        .map(([tokens, words]) => tokens.map((token, i) => `${words[i]} ${token}`).join(" "));
      return fc.tuple(
        fc.subarray(["zero", "one", "two", "few", "many"]),
        fc.array(formOf, { minLength: 6, maxLength: 6 }),
      );
    })
    .map(
      ([selectors, forms]) =>
        `{n, plural, ${[...selectors, "other"].map((selector, i) => `${selector} {${forms[i]}}`).join(" ")}}`,
    );
  const namedPlural = pluralOf(fc.constantFrom("{n}", "#", "{who}", "{n, number}", "{total, number}", "%d"));

  it("converting a printf plural to android and back to web keeps each form's arguments", () => {
    fc.assert(
      fc.property(printfPlural, (text) => {
        const android = convertPlaceholders(text, "android");
        const web = convertPlaceholders(android, "web");
        const original = branches(text);
        expect([...branches(android).keys()]).toEqual([...original.keys()]);
        for (const [selector, converted] of branches(web)) {
          expect(argumentsOf(converted), selector).toEqual(argumentsOf(original.get(selector) ?? ""));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("converting any plural to android, to web and back to android keeps each form's arguments", () => {
    const viaWeb = (android: string) => convertPlaceholders(convertPlaceholders(android, "web"), "android");
    fc.assert(
      fc.property(fc.oneof(agreeingPlural, namedPlural), (text) => {
        const android = convertPlaceholders(text, "android");
        const back = viaWeb(android);
        // Unnumbered Java forms (`%d file`) are left as they are and come back positional
        // (`%1$d file`): the same arguments, and from then on the same bytes.
        const forms = branches(android);
        for (const [selector, converted] of branches(back)) {
          expect(argumentsOf(converted), selector).toEqual(argumentsOf(forms.get(selector) ?? ""));
        }
        expect(viaWeb(back)).toBe(back);
        if (!/%(?!\d+\$)[-+0#.\d]*[a-zA-Z@]/.test(android)) expect(back).toBe(android);
      }),
      { numRuns: 300 },
    );
  });
});
