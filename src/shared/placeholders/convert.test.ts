import { describe, expect, it } from "vitest";
import type { PlaceholderFormat } from "../schemas/projects.ts";
import { comparePlaceholders } from "./check.ts";
import { convertPlaceholders } from "./convert.ts";

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
      "%1$@ and %2$d",
      "%1$s and %2$d",
      "[%1$s] and [%2$d]",
    ],
    ["%1$s / %2$s", "{arg1} / {arg2}", "[arg1] / [arg2]", "%1$@ / %2$@", "%1$s / %2$s", "[%1$s] / [%2$s]"],
    ["%2$s, %1$s", "{arg2}, {arg1}", "[arg2], [arg1]", "%2$@, %1$@", "%2$s, %1$s", "[%2$s], [%1$s]"],
    ["%.2f%%", "{arg1, number}%", "[arg1:float]%", "%.2f%%", "%1$.2f%%", "[%1$.2f]%%"],
    [
      "%lld, %i, %u",
      "{arg1, number}, {arg2, number}, {arg3, number}",
      "[arg1:number], [arg2:number], [arg3:number]",
      "%1$lld, %2$i, %3$u",
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
    for (const text of ["%2$s, %1$d", "%1$@ of %2$@", "%s and %d"]) {
      const android = convertPlaceholders(text, "android");
      for (const named of ["web", "unified", "lokalise"] as const) {
        expect(
          convertPlaceholders(convertPlaceholders(android, named), "android"),
          `${text} via ${named}`,
        ).toBe(android);
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
