import { createHash } from "node:crypto";
import { strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { FileTemplate } from "../../src/shared/schemas/file-templates.ts";
import { feed } from "../helpers/activity.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, buildProject } from "../helpers/factories.ts";
import { teamOfThree } from "../helpers/teams.ts";
import { createApiKey, exportFiles, type PullBody, pullFrom, upload } from "../helpers/transfer.ts";

/**
 * Issue 33: the uploaded files kept as templates of exports, as Project Settings → Files shows
 * them: listed, downloaded as they were uploaded, forgotten. Who may export may see them.
 */
const api = apiAppForThisFile();

/** A German JSON file as a team keeps it in git: 4-space indents, nested keys, a final newline. */
const GERMAN = '{\n    "home": {\n        "title": "Willkommen"\n    },\n    "bye": "Tschüss"\n}\n';
const TABLE = "key,en,de\nhome.title,Welcome,Willkommen\nbye,Bye,Tschüss\n";

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

async function world() {
  const team = await teamOfThree(api());
  const project = await buildProject(team.owner, team.teamId, { languages: ["de"] });
  return { ...team, projectId: project.id };
}

async function imported(client: ApiClient, projectId: string, name: string, bytes: string, language: string) {
  const answer = await upload(client, projectId, name, bytes, { language });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function filesOf(client: ApiClient, projectId: string): Promise<FileTemplate[]> {
  const answer = await call(client, contract.files.list, { params: { projectId } });
  expect(answer.status).toBe(200);
  return answer.body.files;
}

/** GET …/original as the browser's download makes it: the bytes and the headers. */
function original(client: ApiClient, projectId: string, id: string) {
  return call(client, contract.files.original, { params: { projectId, id } });
}

/** A refused download: its body is the API's error. */
function refusedOriginal(client: ApiClient, projectId: string, id: string) {
  return fail(client, contract.files.original, { params: { projectId, id } });
}

async function germanJson(client: ApiClient, projectId: string): Promise<string> {
  const zip = await exportFiles(client, projectId, { languages: ["de"], format: "json", nested: true });
  const outputs = Object.values(zip);
  expect(outputs).toHaveLength(1);
  return strFromU8(outputs[0] as Uint8Array);
}

describe("the kept files of a project", () => {
  it("lists each imported file with its language, uploader and time, by path then language", async () => {
    const { owner, admin, projectId, ownerEmail, adminEmail } = await world();
    const before = Date.now();
    await imported(owner, projectId, "de.json", GERMAN, "de");
    await imported(admin, projectId, "strings.csv", TABLE, "en");
    await imported(admin, projectId, "en.json", '{"home":{"title":"Welcome"},"bye":"Bye"}', "en");

    const files = await filesOf(owner, projectId);
    expect(files.map((file) => [file.path, file.language, file.format])).toEqual([
      ["de.json", "de", "json"],
      ["en.json", "en", "json"],
      ["strings.csv", "*", "csv"],
    ]);
    const [german] = files;
    expect(german).toEqual({
      id: expect.any(String),
      format: "json",
      language: "de",
      path: "de.json",
      namespace: "",
      size: Buffer.byteLength(GERMAN),
      sha256: sha256(GERMAN),
      nested: true,
      uploadedBy: { name: "Olga Owner", email: ownerEmail },
      uploadedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Date.parse(german?.uploadedAt ?? "")).toBeGreaterThanOrEqual(before - 1000);
    expect(files[2]?.uploadedBy).toEqual({ name: "Adam Admin", email: adminEmail });
    // Admins may export, so they see the same list; no bytes in it.
    expect(await filesOf(admin, projectId)).toEqual(files);
    expect(JSON.stringify(files)).not.toContain("Willkommen");
  });

  it("says whether a JSON file wrote its keys nested or flat, for Export's default (issue 34)", async () => {
    const { owner, projectId } = await world();
    await imported(owner, projectId, "de.json", GERMAN, "de");
    await imported(owner, projectId, "en.json", '{\n  "home.title": "Welcome",\n  "bye": "Bye"\n}\n', "en");
    await imported(owner, projectId, "strings.csv", TABLE, "en");
    const files = await filesOf(owner, projectId);
    expect(files.map((file) => [file.path, file.nested])).toEqual([
      ["de.json", true],
      ["en.json", false],
      ["strings.csv", null],
    ]);
  });

  it("replaces a language's file with the next upload of it, under the same id", async () => {
    const { owner, admin, projectId, adminEmail } = await world();
    await imported(owner, projectId, "de.json", GERMAN, "de");
    const [first] = await filesOf(owner, projectId);
    // The server keeps the bytes it read: the next upload's must be the ones rendered on.
    expect(await germanJson(owner, projectId)).toBe(GERMAN);
    const again = '{\n  "home": {\n    "title": "Hallo"\n  }\n}\n';
    await imported(admin, projectId, "messages.de.json", again, "de");
    // Rendered on the new file (2-space indents), with the strings the project kept (no overwrite).
    expect(await germanJson(owner, projectId)).toBe(
      '{\n  "home": {\n    "title": "Willkommen"\n  },\n  "bye": "Tschüss"\n}\n',
    );
    const files = await filesOf(owner, projectId);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      id: first?.id,
      path: "messages.de.json",
      sha256: sha256(again),
      uploadedBy: { email: adminEmail },
    });
  });

  it("downloads a file as the bytes uploaded, as an attachment of its type that is never sniffed", async () => {
    const { owner, admin, projectId } = await world();
    await imported(owner, projectId, "de.json", GERMAN, "de");
    await imported(owner, projectId, "strings.csv", TABLE, "en");
    const [json, csv] = await filesOf(owner, projectId);

    const answer = await original(admin, projectId, json?.id ?? "");
    expect(answer.status).toBe(200);
    expect(Buffer.from(answer.body)).toEqual(Buffer.from(GERMAN));
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="de.json"');
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");

    const table = await original(owner, projectId, csv?.id ?? "");
    expect(strFromU8(table.body)).toBe(TABLE);
    expect(table.headers.get("content-type")).toBe("text/csv");
  });

  it("names a file of any name safely, the real name in RFC 5987 filename*", async () => {
    const { owner, projectId } = await world();
    await imported(owner, projectId, 'Übersetzung "neu".json', GERMAN, "de");
    const [file] = await filesOf(owner, projectId);
    expect(file?.path).toBe('Übersetzung "neu".json');
    const answer = await original(owner, projectId, file?.id ?? "");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="_bersetzung _neu_.json"; filename*=UTF-8''%C3%9Cbersetzung%20%22neu%22.json`,
    );
  });

  it("refuses reviewers (403) and answers outsiders and other projects' ids as ids of nothing (404)", async () => {
    const { owner, reviewer, outsider, teamId, projectId } = await world();
    await imported(owner, projectId, "de.json", GERMAN, "de");
    const [file] = await filesOf(owner, projectId);
    const id = file?.id ?? "";
    const mine = { params: { projectId, id } };

    // Reviewers cannot export, so they do not see the files either.
    expect((await fail(reviewer, contract.files.list, { params: { projectId } })).status).toBe(403);
    expect((await refusedOriginal(reviewer, projectId, id)).status).toBe(403);
    expect((await fail(reviewer, contract.files.remove, mine)).status).toBe(403);

    // An outsider: the project does not exist for them, whatever the file id.
    const projectNotFound = { error: { code: "not_found", message: "Project not found" } };
    for (const target of [mine, { params: { projectId, id: crypto.randomUUID() } }]) {
      const listed = await fail(outsider, contract.files.list, { params: { projectId } });
      expect(listed).toMatchObject({ status: 404, body: projectNotFound });
      const removed = await fail(outsider, contract.files.remove, target);
      expect(removed).toMatchObject({ status: 404, body: projectNotFound });
      const downloaded = await refusedOriginal(outsider, projectId, target.params.id);
      expect(downloaded).toMatchObject({ status: 404, body: projectNotFound });
    }

    // The same owner's other project, and another team's owner: the file id is as good as random.
    const other = await buildProject(owner, teamId, { name: "Other", languages: ["de"] });
    const stranger = await teamOfThree(api(), "Others");
    const theirProject = await buildProject(stranger.owner, stranger.teamId, { languages: ["de"] });
    for (const [client, otherProjectId] of [
      [owner, other.id],
      [stranger.owner, theirProject.id],
    ] as const) {
      const ofNothing = await refusedOriginal(client, otherProjectId, crypto.randomUUID());
      expect(ofNothing).toMatchObject({
        status: 404,
        body: { error: { code: "not_found", message: "File not found" } },
      });
      const theirs = await refusedOriginal(client, otherProjectId, id);
      expect({ status: theirs.status, body: theirs.body }).toEqual({
        status: ofNothing.status,
        body: ofNothing.body,
      });
      const removeNothing = await fail(client, contract.files.remove, {
        params: { projectId: otherProjectId, id: crypto.randomUUID() },
      });
      const removeTheirs = await fail(client, contract.files.remove, {
        params: { projectId: otherProjectId, id },
      });
      expect(removeTheirs.body).toEqual(removeNothing.body);
      expect(removeTheirs.status).toBe(404);
    }
    // Nothing of that touched the file.
    expect(await filesOf(owner, projectId)).toEqual([file]);
    expect((await original(owner, projectId, id)).status).toBe(200);
  });

  it("puts a key added in the editor next to the last key of its prefix group, in the file and in the order", async () => {
    const { owner, projectId } = await world();
    const flat =
      '{\n    "home.title": "Willkommen",\n    "home.subtitle": "Schön",\n    "bye": "Tschüss"\n}\n';
    await imported(owner, projectId, "de.json", flat, "de");
    for (const [key, value] of [
      ["home.button", "Los"],
      ["home.footer.note", "Fuß"],
      ["zzz", "Ende"],
    ] as const) {
      await buildKey(owner, projectId, key, { strings: { de: value } });
    }
    const zip = await exportFiles(owner, projectId, { languages: ["de"], format: "json" });
    expect(strFromU8(zip["de.json"] as Uint8Array)).toBe(
      '{\n    "home.title": "Willkommen",\n    "home.subtitle": "Schön",\n    "home.button": "Los",\n    "home.footer.note": "Fuß",\n    "bye": "Tschüss",\n    "zzz": "Ende"\n}\n',
    );
  });

  it("exports and pulls on the kept file until it is removed, then from the project's strings", async () => {
    const { owner, admin, projectId } = await world();
    await imported(owner, projectId, "de.json", GERMAN, "de");
    expect(await germanJson(owner, projectId)).toBe(GERMAN);
    const { key } = await createApiKey(owner, projectId);
    const pullBody: PullBody = {
      format: "json",
      placeholderFormat: "web",
      language: "de",
      nested: true,
    };
    const pulled = await pullFrom(api().app.url, pullBody, { key });
    expect(pulled.status).toBe(200);
    expect(pulled.text).toBe(GERMAN);

    const [file] = await filesOf(owner, projectId);
    const removed = await call(admin, contract.files.remove, { params: { projectId, id: file?.id ?? "" } });
    expect(removed.status).toBe(204);
    expect(await filesOf(owner, projectId)).toEqual([]);
    expect((await refusedOriginal(owner, projectId, file?.id ?? "")).status).toBe(404);
    const again = await fail(owner, contract.files.remove, { params: { projectId, id: file?.id ?? "" } });
    expect(again).toMatchObject({ status: 404, body: { error: { message: "File not found" } } });
    // The team sees who removed which file; the 404 after it recorded nothing.
    const { teamId } = await api()
      .db.selectFrom("projects")
      .select("team_id as teamId")
      .where("id", "=", projectId)
      .executeTakeFirstOrThrow();
    const removals = (await feed(owner, teamId)).entries.filter((entry) => entry.kind === "file.removed");
    expect(removals).toMatchObject([
      { projectId, details: { fileName: "de.json", format: "json", language: "de" } },
    ]);

    // The same strings, written as Sprog writes JSON (nested, as asked): 2-space indents.
    const rendered = await germanJson(owner, projectId);
    expect(rendered).not.toBe(GERMAN);
    expect(JSON.parse(rendered)).toEqual(JSON.parse(GERMAN));
    expect(rendered).toContain('\n  "home": {\n    "title": "Willkommen"');
    // A CI pull that had the kept file's rendering gets the new one, not a 304.
    const etag = pulled.headers.get("etag") ?? "";
    const after = await pullFrom(api().app.url, pullBody, { key, headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(after.text).toBe(rendered);
  });

  it("outlives its uploader's account, and goes with its project", async () => {
    const { owner, admin, projectId } = await world();
    await imported(admin, projectId, "de.json", GERMAN, "de");
    const adminUser = await api()
      .db.selectFrom("users")
      .select("id")
      .where("email", "=", (await filesOf(owner, projectId))[0]?.uploadedBy?.email ?? "")
      .executeTakeFirstOrThrow();
    await api().db.deleteFrom("users").where("id", "=", adminUser.id).execute();
    const [file] = await filesOf(owner, projectId);
    expect(file).toMatchObject({ path: "de.json", uploadedBy: null });
    expect((await original(owner, projectId, file?.id ?? "")).status).toBe(200);

    const deleted = await call(owner, contract.projects.remove, { params: { projectId: projectId } });
    expect(deleted.status).toBe(204);
    const left = await api()
      .db.selectFrom("file_templates")
      .select("id")
      .where("project_id", "=", projectId)
      .execute();
    expect(left).toEqual([]);
  });
});
