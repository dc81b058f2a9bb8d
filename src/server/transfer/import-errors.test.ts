import { describe, expect, it } from "vitest";
import { formatById } from "../../shared/formats/registry.ts";
import { FormatError, type FormatId, InvalidJsonError } from "../../shared/formats/types.ts";
import { AppError } from "../errors.ts";
import { parseImport } from "./parse-import.ts";

const options = { language: "en", sourceLanguage: "en", flattenNestedKeys: true };
const bytes = (text: string) => new TextEncoder().encode(text);

async function refusal(format: FormatId, text: string) {
  return parseImport({ format, bytes: bytes(text), options, sourceLanguage: "en" }).catch(
    (error: unknown) => error,
  );
}

describe("a file the import cannot read", () => {
  it.each(["json", "arb"] as const)("%s that is not JSON: the parser says so by class", async (format) => {
    const thrown = await formatById(format)
      .parse(bytes("{ not json"), options)
      .catch((error: unknown) => error);

    expect(thrown).toBeInstanceOf(InvalidJsonError);
    expect(thrown).toBeInstanceOf(FormatError);
  });

  it.each(["json", "arb"] as const)("%s that is not JSON: the spec's sentence alone", async (format) => {
    const refused = await refusal(format, "{ not json");

    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: "validation_failed",
      message: "Invalid JSON file. Please check the file format.",
    });
  });

  it("any other format: what went wrong, after 'Error processing file'", async () => {
    const refused = await refusal("yaml", "en:\n  a: [unclosed");

    expect(refused).toMatchObject({
      code: "validation_failed",
      message: /^Error processing file: Invalid YAML file/,
    });
  });
});
