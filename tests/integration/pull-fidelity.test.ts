import { describe, expect, it } from "vitest";
import {
  PULL_FILE_EXTENSIONS,
  PULL_FORMATS,
  PULL_PLACEHOLDER_FORMATS,
} from "../../src/shared/schemas/pull.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { ownerWithProject } from "../helpers/factories.ts";
import {
  createApiKey,
  exportFiles,
  type PullBody,
  pullFrom,
  refusedPull,
  upload,
} from "../helpers/transfer.ts";

/**
 * Issue 15: the pull API (and so the CLI, which saves its bytes) gives the same files as the
 * export dialog for the same options, and converting placeholders breaks neither plurals nor text.
 */
const api = apiAppForThisFile();

const ANDROID_EN = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="title">Files of %1$s</string>
    <plurals name="files">
        <item quantity="one">%d file</item>
        <item quantity="other">%d files</item>
    </plurals>
    <string name="percent">100%</string>
</resources>
`;
const ANDROID_DE = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="title">Dateien von %1$s</string>
    <plurals name="files">
        <item quantity="one">%d Datei</item>
        <item quantity="other">%d Dateien</item>
    </plurals>
</resources>
`;

async function projectFromAndroidFiles() {
  const setup = await ownerWithProject(api(), ["de"]);
  for (const [language, text] of [
    ["en", ANDROID_EN],
    ["de", ANDROID_DE],
  ] as const) {
    const answer = await upload(setup.owner, setup.projectId, "strings.xml", text, { language });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  const key = await createApiKey(setup.owner, setup.projectId, "CI");
  return { ...setup, key: key.key };
}

describe("pull API fidelity", () => {
  it("gives the same bytes as the export dialog for every format and placeholder format", async () => {
    const { owner, projectId, key } = await projectFromAndroidFiles();
    const registry = {
      json: "json",
      strings: "strings",
      stringsdict: "stringsdict",
      android: "xml",
    } as const;
    for (const format of PULL_FORMATS) {
      for (const placeholderFormat of PULL_PLACEHOLDER_FORMATS) {
        const pulled = await pullFrom(api().app.url, { format, placeholderFormat, language: "de" }, { key });
        expect(pulled.status, `${format} ${placeholderFormat}: ${pulled.text}`).toBe(200);
        const exported = await exportFiles(owner, projectId, {
          languages: ["de"],
          format: registry[format],
          placeholderFormat,
        });
        const file = Object.entries(exported).find(([path]) =>
          path.endsWith(`.${PULL_FILE_EXTENSIONS[format]}`),
        );
        expect(file, `${format}: ${Object.keys(exported).join(", ")}`).toBeDefined();
        expect(pulled.text, `${format} ${placeholderFormat}`).toBe(new TextDecoder().decode(file?.[1]));
      }
    }
  });

  it("pulls an uploaded file back byte for byte in its own format and placeholders (issue 33)", async () => {
    const { key } = await projectFromAndroidFiles();
    const android = await pullFrom(
      api().app.url,
      { format: "android", placeholderFormat: "android", language: "de" },
      { key },
    );
    expect(android.text).toBe(ANDROID_DE);
    // A nested JSON file is pulled nested, as it was uploaded, with its own indentation.
    const setup = await ownerWithProject(api(), ["de"]);
    const nested = '{\n    "home": {\n        "title": "Start",\n        "count": "{n} Dateien"\n    }\n}\n';
    expect((await upload(setup.owner, setup.projectId, "de.json", nested, { language: "de" })).status).toBe(
      200,
    );
    const jsonKey = await createApiKey(setup.owner, setup.projectId, "CI");
    const json = await pullFrom(
      api().app.url,
      { format: "json", placeholderFormat: "web", language: "de" },
      { key: jsonKey.key },
    );
    expect(json.text).toBe(nested);
  });

  it("numbers printf arguments per plural form, never across forms (defect 1)", async () => {
    const { key } = await projectFromAndroidFiles();
    const android = await pullFrom(
      api().app.url,
      { format: "android", placeholderFormat: "android", language: "de" },
      { key },
    );
    // The uploaded file's `%d` is already Android's own: it comes back as the file wrote it (issue 33).
    expect(android.text).toContain('<item quantity="one">%d Datei</item>');
    expect(android.text).toContain('<item quantity="other">%d Dateien</item>');
    expect(android.text).not.toContain("%2$");

    const stringsdict = await pullFrom(
      api().app.url,
      { format: "stringsdict", placeholderFormat: "ios", language: "de" },
      { key },
    );
    expect(stringsdict.status).toBe(200);
    expect(stringsdict.text).toContain("<key>files</key>");
    expect(stringsdict.text).toContain("Dateien");
    expect(stringsdict.text).not.toContain("%2$");

    // A .strings file holds no plurals: they belong in the .stringsdict next to it.
    const strings = await pullFrom(
      api().app.url,
      { format: "strings", placeholderFormat: "ios", language: "de" },
      { key },
    );
    // Android's `%1$s` becomes iOS's `%1$@`: the position the text spelled is kept.
    expect(strings.text).toContain('"title" = "Dateien von %1$@";');
    expect(strings.text).not.toContain("Datei ");
  });

  it("leaves literal percent text alone when converting placeholders (defect 2)", async () => {
    const setup = await ownerWithProject(api(), []);
    await upload(
      setup.owner,
      setup.projectId,
      "en.json",
      '{"a":"Hello %s","b":"100%igen","c":"50%s of","d":"100%"}',
      {
        language: "en",
      },
    );
    const { key } = await createApiKey(setup.owner, setup.projectId);
    const web = await pullFrom(
      api().app.url,
      { format: "json", placeholderFormat: "web", language: "en" },
      { key },
    );
    expect(web.json()).toEqual({ a: "Hello {arg1}", b: "100%igen", c: "50%s of", d: "100%" });
  });

  it("returns nested JSON and keys sorted by name when asked", async () => {
    const setup = await ownerWithProject(api(), []);
    await upload(setup.owner, setup.projectId, "en.json", '{"home.title":"Home","app.name":"Sprog"}', {
      language: "en",
    });
    const { key } = await createApiKey(setup.owner, setup.projectId);
    const body: PullBody = { format: "json", placeholderFormat: "web", language: "en" };
    const flat = await pullFrom(api().app.url, body, { key });
    expect(Object.keys(flat.json() as object)).toEqual(["home.title", "app.name"]);
    const nested = await pullFrom(api().app.url, { ...body, nested: true, sortKeys: true }, { key });
    expect(nested.text).toBe(
      '{\n  "app": {\n    "name": "Sprog"\n  },\n  "home": {\n    "title": "Home"\n  }\n}\n',
    );
    const bad = await refusedPull(api().app.url, { ...body, nested: "yes" }, { key });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("nested must be true or false");
  });
});
