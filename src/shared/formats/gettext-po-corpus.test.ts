// The Django admin catalogs imported and exported again must read the same in the ecosystem's own
// tools: gettext-parser (every field of every entry, the header, the order) and GNU msgfmt.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { po } from "gettext-parser";
import { afterAll, describe, expect, it } from "vitest";
import { gettextPoFormat } from "./gettext-po.ts";

/** Repo root is 3 levels above src/shared/formats; the corpus sits next to the repo. */
const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");
const DJANGO = "gettext-po/django-admin/django/contrib/admin/locale";
const MSGFMT = "/usr/bin/msgfmt";
const LANGUAGES = ["ar", "de", "en", "ja", "ru"];

const work = mkdtempSync(join(tmpdir(), "sprog-po-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The first line of each msgctxt and msgid, in file order: where every entry stands. */
function keywordLines(text: string): string[] {
  return text.split("\n").filter((line) => /^(msgctxt|msgid) /.test(line));
}

async function exportAgain(language: string) {
  const original = readFileSync(join(CORPUS, DJANGO, language, "LC_MESSAGES/djangojs.po"));
  const parsed = await gettextPoFormat.parse(new Uint8Array(original), { language, sourceLanguage: "en" });
  const files = await gettextPoFormat.serialize(parsed.languages, {
    sourceLanguage: "en",
    pretty: true,
    nested: false,
    flattenPlurals: false,
    fileMeta: parsed.fileMeta ?? {},
  });
  expect(files.map((file) => file.path)).toEqual([`${language}.po`]);
  return { original: original.toString("utf8"), exported: new TextDecoder().decode(files[0]?.bytes) };
}

describe("gettext PO: the Django admin catalogs, exported, as gettext-parser and msgfmt read them", () => {
  for (const language of LANGUAGES) {
    it(`${language}: the same headers, entries, comments, flags, references and order`, async () => {
      const { original, exported } = await exportAgain(language);
      const before = po.parse(original);
      const after = po.parse(exported);
      expect(Object.entries(after.headers)).toEqual(Object.entries(before.headers));
      // msgctxt, msgid, msgid_plural, msgstr arrays and every comment kind, per context.
      expect(after.translations).toEqual(before.translations);
      expect(keywordLines(exported)).toEqual(keywordLines(original));
    });

    it(`${language}: msgfmt -c --check-format accepts the export`, async (context) => {
      const { exported } = await exportAgain(language);
      expect(exported.length).toBeGreaterThan(0);
      if (!existsSync(MSGFMT)) {
        context.annotate(`${MSGFMT} is not installed: the msgfmt check of ${language}.po was not run`);
        return;
      }
      const path = join(work, `${language}.po`);
      writeFileSync(path, exported);
      const run = spawnSync(MSGFMT, ["-c", "--check-format", "-o", "/dev/null", path], { encoding: "utf8" });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
    });
  }
});
