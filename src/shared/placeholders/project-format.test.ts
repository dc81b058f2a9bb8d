import { describe, expect, it } from "vitest";
import { detectProjectFormat } from "./project-format.ts";

const texts = (...values: string[]) => values.map((text, i) => ({ key: `k${i}`, text }));

describe("detectProjectFormat", () => {
  it("finds nothing in texts without placeholders", () => {
    expect(detectProjectFormat(texts("Save", "100% sure", "Cancel"))).toBeUndefined();
  });

  it("names the format most placeholders are written in, with the first text showing it", () => {
    expect(detectProjectFormat(texts("Save", "Hello {name}", "{count} files", "Hi %@"))).toEqual({
      format: "web",
      example: { key: "k1", text: "Hello {name}" },
    });
    expect(detectProjectFormat(texts("Hi %1$s", "%1$d of %2$d", "Hello {name}"))?.format).toBe("android");
    expect(detectProjectFormat(texts("Hi %@", "%lld files", "%1$@ and %2$@"))?.format).toBe("ios");
    expect(detectProjectFormat(texts("Hi [name]", "[count:number] files"))?.format).toBe("unified");
    expect(detectProjectFormat(texts("Hi [%name$s]", "[%1$s] files"))?.format).toBe("lokalise");
    expect(detectProjectFormat(texts("Hi {{name}}"))?.format).toBe("web");
  });

  it("lets syntaxes no format writes not vote", () => {
    expect(detectProjectFormat(texts("Hi %{name}", "%(count)s files"))).toBeUndefined();
  });
});
