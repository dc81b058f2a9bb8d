import { describe, expect, it } from "vitest";
import { finding, ids } from "./test-helpers.ts";

describe("numbers", () => {
  it("flags numbers that differ, listing them as written", () => {
    expect(finding("numbers", "Up to 10 files", "Bis zu 12 Dateien")).toEqual({
      id: "numbers",
      severity: "warning",
      message: "Numbers differ: missing “10”; not in the source: “12”",
    });
    expect(finding("numbers", "2 of 3", "2 von")?.message).toBe("Numbers differ: missing “3”");
  });

  it("is tolerant of locale grouping and decimal separators", () => {
    expect(ids("1,000 files", "1.000 Dateien")).toEqual([]);
    expect(ids("1,000 files", "1 000 fichiers", "fr")).toEqual([]);
    expect(ids("1,000 files", "1\u202f000 fichiers", "fr")).toEqual([]);
    expect(ids("1,000 files", "1000 Dateien")).toEqual([]);
    expect(ids("1,000,000.50 €", "1.000.000,50 €")).toEqual([]);
    expect(ids("Pi is 3.14", "Pi ist 3,14")).toEqual([]);
    expect(ids("1.5 GB", "1,5 GB")).toEqual([]);
    expect(ids("1.5 GB", "15 GB")).toEqual(["numbers"]);
  });

  it("accepts dates and times written in another order, and other digit scripts", () => {
    expect(ids("Due 12/31/2025", "Fällig am 31.12.2025")).toEqual([]);
    expect(ids("3 files", "٣ ملفات", "ar")).toEqual([]);
    expect(ids("12 items", "۱۲ مورد", "fa")).toEqual([]);
    expect(ids("5 items", "५ आइटम", "hi")).toEqual([]);
  });

  it("ignores digits inside placeholders, plural selectors, URLs and tags", () => {
    expect(ids("%1$s of %2$s", "%2$s von %1$s")).toEqual([]);
    expect(ids("{0} items", "{0} Elemente")).toEqual([]);
    expect(
      ids(
        "{n, plural, =0 {none} one {# file} other {# files}}",
        "{n, plural, =0 {keine} one {# Datei} other {# Dateien}}",
      ),
    ).toEqual([]);
    expect(ids("See https://x.io/v2", "Siehe https://x.io/v2")).toEqual([]);
    expect(ids("<h1>Title</h1>", "<h1>Titel</h1>")).toEqual([]);
  });
});
