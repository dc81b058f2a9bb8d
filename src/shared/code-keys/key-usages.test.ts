import { describe, expect, it } from "vitest";
import { keyUsages, usagePatternProblem } from "./key-usages.ts";

// What `sprog check` and the MCP tool find_missing_keys share: usages with their lines, and the
// rule for a configured pattern.
describe("keyUsages", () => {
  it("gives each usage the line it is on, in a file of many lines", () => {
    const lines = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? `t("k.${i}")` : "// nothing"));
    const found = keyUsages(lines.join("\n"));
    expect(found).toHaveLength(1000);
    expect(found[0]).toEqual({ key: "k.0", line: 1 });
    expect(found[1]).toEqual({ key: "k.3", line: 4 });
    expect(found.at(-1)).toEqual({ key: "k.2997", line: 2998 });
  });

  it("counts a usage on the last line, after a final newline-free line", () => {
    expect(keyUsages("a\nb\nt('x.y')")).toEqual([{ key: "x.y", line: 3 }]);
  });
});

describe("usagePatternProblem", () => {
  it("takes a regular expression with one capture group", () => {
    expect(usagePatternProblem(String.raw`tr\("([^"]+)"\)`)).toBeUndefined();
  });

  it("names what is wrong: not a regular expression, or not one capture group", () => {
    expect(usagePatternProblem("tr(")).toMatch(/^is not a regular expression: /);
    expect(usagePatternProblem("tr")).toBe("must have one capture group, the key (has 0)");
    expect(usagePatternProblem("(a)(b)")).toBe("must have one capture group, the key (has 2)");
  });
});
