import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./content-disposition.ts";

describe("attachmentDisposition", () => {
  it("names a plain file as it is", () => {
    expect(attachmentDisposition("de.json")).toBe('attachment; filename="de.json"');
    expect(attachmentDisposition("Localizable strings (old).strings")).toBe(
      'attachment; filename="Localizable strings (old).strings"',
    );
  });

  it("keeps only the last segment of a path", () => {
    expect(attachmentDisposition("locales/de/messages.po")).toBe('attachment; filename="messages.po"');
    expect(attachmentDisposition("C:\\work\\app\\en.xml")).toBe('attachment; filename="en.xml"');
    expect(attachmentDisposition("locales/")).toBe('attachment; filename="download"');
  });

  it("cannot be broken out of: quotes, backslashes, line breaks and semicolons stay inside", () => {
    const header = attachmentDisposition('a"; filename="evil.html\r\nX-Injected: 1.json');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('attachment; filename="a_; filename=_evil.html__X-Injected: 1.json"')).toBe(
      true,
    );
    // A header value the platform accepts.
    expect(() => new Headers({ "content-disposition": header })).not.toThrow();
  });

  it("gives a non-ASCII name as RFC 5987 filename* with an ASCII stand-in", () => {
    const header = attachmentDisposition("übersetzung 日本語's.json");
    expect(header).toBe(
      `attachment; filename="_bersetzung ___'s.json"; filename*=UTF-8''%C3%BCbersetzung%20%E6%97%A5%E6%9C%AC%E8%AA%9E%27s.json`,
    );
    expect(decodeURIComponent(header.split("UTF-8''")[1] ?? "")).toBe("übersetzung 日本語's.json");
    expect(() => new Headers({ "content-disposition": header })).not.toThrow();
  });
});
