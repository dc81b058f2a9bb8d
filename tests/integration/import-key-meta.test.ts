import { describe, expect, it } from "vitest";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { ownerWithProject } from "../helpers/factories.ts";
import { upload } from "../helpers/transfer.ts";

const api = apiAppForThisFile();

async function keysOf(projectId: string) {
  const rows = await api()
    .db.selectFrom("translation_keys")
    .select(["key", "description", "translatable", "tags", "format_meta", "position"])
    .where("project_id", "=", projectId)
    .orderBy("position")
    .execute();
  return Object.fromEntries(rows.map(({ key, ...row }) => [key, row]));
}

const arb = (locale: string, entries: Record<string, [string, Record<string, unknown>?]>) =>
  JSON.stringify({
    "@@locale": locale,
    ...Object.fromEntries(
      Object.entries(entries).flatMap(([key, [value, meta]]) => [
        [key, value],
        ...(meta ? [[`@${key}`, meta]] : []),
      ]),
    ),
  });

describe("what a file says about its keys", () => {
  it("a new key keeps it from its first file; the source's file overwrites it, another language's only fills it", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const placeholders = { name: { type: "String", example: "Ada" } };

    // A German file is the first to name these keys: what it says is all the keys have.
    const german = await upload(
      owner,
      projectId,
      "app_de.arb",
      arb("de", {
        greet: ["Hallo {name}", { description: "Greets the user", placeholders }],
        bye: ["Tschüss", { description: "Says goodbye" }],
        plain: ["Einfach"],
      }),
      { language: "de" },
    );
    expect(german.status).toBe(200);
    expect(german.body).toMatchObject({ keysAdded: 3 });
    const first = await keysOf(projectId);
    expect(Object.keys(first)).toEqual(["greet", "bye", "plain"]);
    expect(first.greet).toMatchObject({
      description: "Greets the user",
      translatable: true,
      tags: [],
      format_meta: { arb: { placeholders } },
    });
    expect(first.bye).toMatchObject({ description: "Says goodbye", format_meta: {} });
    expect(first.plain).toMatchObject({ description: null, tags: [], format_meta: {} });

    // The source language's file overwrites what it says, and leaves the rest; a new key follows.
    const english = await upload(
      owner,
      projectId,
      "app_en.arb",
      arb("en", {
        greet: ["Hello {name}", { description: "Greeting on the home screen", placeholders }],
        bye: ["Bye"],
        fresh: ["New", { description: "Added by the source file" }],
      }),
      { language: "en" },
    );
    expect(english.status).toBe(200);
    expect(english.body).toMatchObject({ keysAdded: 1 });
    const second = await keysOf(projectId);
    expect(second.greet?.description).toBe("Greeting on the home screen");
    expect(second.bye?.description).toBe("Says goodbye");
    expect(second.fresh?.description).toBe("Added by the source file");
    expect(Object.keys(second)).toEqual(["greet", "bye", "plain", "fresh"]);

    // Another language's file only fills what a key lacks.
    const again = await upload(
      owner,
      projectId,
      "app_de.arb",
      arb("de", {
        greet: ["Hallo {name}", { description: "Overwritten?" }],
        plain: ["Einfach", { description: "Filled by German" }],
      }),
      { language: "de" },
    );
    expect(again.status).toBe(200);
    const third = await keysOf(projectId);
    expect(third.greet?.description).toBe("Greeting on the home screen");
    expect(third.plain?.description).toBe("Filled by German");
  });
});
