// @vitest-environment node
import { describe, expect, it } from "vitest";
import { cliConfigSchema } from "../../../../shared/cli-config.ts";
import { CLI_CONFIG_EXAMPLES } from "./api-examples.ts";

describe("the docs' sprog.config.json examples", () => {
  it("are files the CLI takes", () => {
    expect(CLI_CONFIG_EXAMPLES.length).toBe(3);
    for (const example of CLI_CONFIG_EXAMPLES) {
      const result = cliConfigSchema.safeParse(example.config);
      expect([example.title, result.error?.issues ?? []]).toEqual([example.title, []]);
    }
  });

  it("have check.patterns with one capture group each", () => {
    const patterns = CLI_CONFIG_EXAMPLES.flatMap((example) => {
      const check = cliConfigSchema.parse(example.config).check;
      return check?.patterns ?? [];
    });
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) expect(new RegExp(`${pattern}|`).exec("")?.length).toBe(2);
    expect(new RegExp(patterns[0] ?? "").exec('L10n.tr("cart.title")')?.[1]).toBe("cart.title");
  });
});
