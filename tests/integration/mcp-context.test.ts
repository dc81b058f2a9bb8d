import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import { DEFAULT_TONE } from "../../src/shared/schemas/tone.ts";
import type { ProjectGlossary, ProjectLanguages, ProjectTone } from "../../src/shared/schemas/v1-context.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject } from "../helpers/factories.ts";
import { createScopedKey } from "../helpers/key-requests.ts";
import { callTool, connectAgent } from "../helpers/mcp.ts";
import { keyClient } from "../helpers/transfer.ts";

// The project context of the public API (issue 36): every key, whatever its scope, reads the
// glossary, the tone of voice and the languages, as MCP tools, as MCP resources and through REST.
const api = apiAppForThisFile();

const RESOURCES = ["sprog://project/glossary", "sprog://project/languages", "sprog://project/tone"];

describe("project context", () => {
  it("is a resource and a tool for a key of any scope, and answers as the REST API does", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    // A source text with a placeholder: the languages' example is taken from it.
    await buildKey(owner, projectId, "greeting", { source: "Hello {name}", strings: { de: "Hallo {name}" } });
    await call(owner, contract.glossary.create, {
      params: { teamId },
      body: { term: "Sprog", doNotTranslate: true, translations: {} },
    });
    await call(owner, contract.glossary.create, {
      params: { teamId },
      body: {
        term: "workspace",
        description: "Where a team works",
        translations: { de: "Arbeitsbereich", ja: "ワークスペース" },
      },
    });
    await call(owner, contract.tone.updateSettings, {
      params: { teamId },
      body: { productContext: "A localization tool for teams" },
    });
    await call(owner, contract.tone.createSection, {
      params: { teamId },
      body: { title: "Buttons", rules: ["Use verbs", "Keep it short"] },
    });

    const expected: { glossary: ProjectGlossary; tone: ProjectTone; languages: ProjectLanguages } = {
      glossary: {
        sourceLanguage: "en",
        terms: [
          {
            term: "Sprog",
            description: "",
            partOfSpeech: null,
            translations: {},
            caseSensitive: false,
            doNotTranslate: true,
            forbidden: false,
          },
          {
            term: "workspace",
            description: "Where a team works",
            partOfSpeech: null,
            // Only the project's languages.
            translations: { de: "Arbeitsbereich" },
            caseSensitive: false,
            doNotTranslate: false,
            forbidden: false,
          },
        ],
      },
      tone: {
        productContext: "A localization tool for teams",
        brandTone: DEFAULT_TONE,
        brandToneIsDefault: true,
        sections: [{ title: "Buttons", description: "", rules: ["Use verbs", "Keep it short"] }],
      },
      languages: {
        project: { id: projectId, name: "App" },
        sourceLanguage: { code: "en", name: "English" },
        targetLanguages: [
          { code: "de", name: "German" },
          { code: "fr", name: "French" },
        ],
        placeholders: {
          format: "web",
          decidedBy: "source texts",
          syntax: "{name}",
          example: { key: "greeting", text: "Hello {name}" },
          rule: expect.any(String),
        },
      },
    };
    const rest = {
      glossary: v1Contract.context.glossary,
      tone: v1Contract.context.tone,
      languages: v1Contract.context.languages,
    } as const;
    const uris = {
      glossary: "sprog://project/glossary",
      tone: "sprog://project/tone",
      languages: "sprog://project/languages",
    } as const;
    const tools = { glossary: "get_glossary", tone: "get_tone_of_voice", languages: "get_project_languages" };

    for (const scope of ["pull", "push", "translate", "review", "webhooks:manage"] as const) {
      const { key } = await createScopedKey(owner, projectId, [scope]);
      const reader = await connectAgent(api().app.url, key, { name: `reader-${scope}`, era: "auto" });
      const { resources } = await reader.listResources();
      expect(resources.map((r) => r.uri).sort(), scope).toEqual(RESOURCES);
      for (const part of ["glossary", "tone", "languages"] as const) {
        const read = await reader.readResource({ uri: uris[part] });
        const [content] = read.contents;
        expect(content?.mimeType).toBe("application/json");
        const resource = JSON.parse(content && "text" in content ? content.text : "null");
        expect(resource, `${scope} ${part}`).toEqual(expected[part]);
        const tool = await callTool(reader, tools[part]);
        expect(tool.ok && tool.data).toEqual(resource);
        const answer = await call(keyClient(api().app.url, key), rest[part], {});
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual(resource);
      }
      await reader.close();
    }
  });

  it("names the project's own placeholder format when it chose one", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    await buildKey(owner, projectId, "files", { source: "You have %1$d files" });
    const { key } = await createScopedKey(owner, projectId, ["pull"]);
    const client = keyClient(api().app.url, key);
    const detected = await call(client, v1Contract.context.languages, {});
    expect(detected.body.placeholders).toMatchObject({
      format: "android",
      decidedBy: "source texts",
      syntax: "%1$s",
      example: { key: "files", text: "You have %1$d files" },
    });
    await call(owner, contract.projects.update, {
      params: { projectId },
      body: { placeholderFormat: "ios" },
    });
    const chosen = await call(client, v1Contract.context.languages, {});
    expect(chosen.body.placeholders).toMatchObject({
      format: "ios",
      decidedBy: "project setting",
      syntax: "%@",
      example: { key: null, text: expect.stringContaining("%1$@") },
    });
  });
});
