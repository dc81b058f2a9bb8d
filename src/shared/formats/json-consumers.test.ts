import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import i18next from "i18next";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { entriesOf, FRIGATE, serialize, text, UMAMI } from "./json-test-helpers.ts";
import { entryToValue, valueToEntry } from "./plurals.ts";
import type { TranslationEntry } from "./types.ts";

/** Repo root is 3 levels above src/shared/formats; the corpus sits next to the repo. */
const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");

const read = (path: string) => new Uint8Array(readFileSync(join(CORPUS, path)));

describe("json exports in other consumers", () => {
  async function loadI18next(language: string, entries: TranslationEntry[]) {
    const file = await serialize(language, entries, { nested: true, flattenPlurals: true });
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      fallbackLng: false,
      initAsync: false,
      resources: { [language]: { translation: JSON.parse(text(file.bytes)) } },
    });
    return instance;
  }

  it("i18next renders exported frigate plurals (en, ru)", async () => {
    const en = await loadI18next("en", await entriesOf(read(`${FRIGATE}/en/common.json`)));
    expect(en.t("menu.live.cameras.count", { count: 1 })).toBe("1 Camera");
    expect(en.t("menu.live.cameras.count", { count: 5 })).toBe("5 Cameras");
    expect(en.t("time.year", { count: 5, time: 5 })).toBe("5 years");
    const ru = await loadI18next("ru", await entriesOf(read(`${FRIGATE}/ru/common.json`), "ru"));
    expect(ru.t("menu.live.cameras.count", { count: 1 })).toBe("1 камера");
    expect(ru.t("menu.live.cameras.count", { count: 3 })).toBe("3 камеры");
    expect(ru.t("menu.live.cameras.count", { count: 5 })).toBe("5 камер");
  });

  it("i18next renders a plural stored as ICU and exported with flattenPlurals", async () => {
    const stored = entryToValue({
      key: "files",
      plurals: { one: "{{count}} file", other: "{{count}} files" },
    });
    const instance = await loadI18next("en", [
      valueToEntry("files", stored),
      { key: "title", value: "Files" },
    ]);
    expect(instance.t("files", { count: 1 })).toBe("1 file");
    expect(instance.t("files", { count: 5 })).toBe("5 files");
    expect(instance.t("title")).toBe("Files");
  });

  it("intl-messageformat renders exported ICU values (umami, and plurals written as ICU)", async () => {
    const en = await entriesOf(read(`${UMAMI}/en-US.json`));
    const file = await serialize("en", en, { nested: false, flattenPlurals: false });
    const messages = JSON.parse(text(file.bytes)) as Record<string, string>;
    const records = new IntlMessageFormat(messages["label.number-of-records"] ?? "", "en");
    expect(records.format({ x: 1 })).toBe("1 record");
    expect(records.format({ x: 5 })).toBe("5 records");

    const plural = await serialize("en", [{ key: "files", plurals: { one: "# file", other: "# files" } }], {
      flattenPlurals: false,
    });
    const icu = (JSON.parse(text(plural.bytes)) as Record<string, string>).files ?? "";
    expect(new IntlMessageFormat(icu, "en").format({ count: 1 })).toBe("1 file");
    expect(new IntlMessageFormat(icu, "en").format({ count: 5 })).toBe("5 files");
  });
});
