import { contract } from "../src/shared/contract/index.ts";
import { ApiClient } from "../tests/helpers/api-client.ts";
import { call } from "../tests/helpers/contract-client.ts";
import type { MailServer } from "../tests/helpers/smtp.ts";

/** A signed-in owner with a team, on any server (in this process or another). */
export async function signedInOwner(baseUrl: string, mail: MailServer) {
  const client = new ApiClient(baseUrl);
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await call(client, contract.auth.sendCode, { body: { email } });
  await call(client, contract.auth.verify, { body: { email, code: await mail.codeFor(email) } });
  await call(client, contract.profiles.save, { body: { firstName: "Bench" } });
  const team = await call(client, contract.teams.create, { body: { name: "Bench" } });
  if (team.status !== 201) throw new Error(`creating a team answered ${team.status}`);
  return { client, teamId: team.body.id };
}

export async function createProject(client: ApiClient, teamId: string, name: string, languages: string[]) {
  const project = await call(client, contract.projects.create, { params: { teamId }, body: { name } });
  if (project.status !== 201) throw new Error(`creating a project answered ${project.status}`);
  await call(client, contract.projects.setLanguages, {
    params: { projectId: project.body.id },
    body: { languages },
  });
  return project.body.id;
}

/** A flat JSON file of `count` keys in `language`, the shape of a large real project. */
export function jsonFile(count: number, language: "en" | "de"): Uint8Array<ArrayBuffer> {
  const file: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const key = `group${String(i % 200).padStart(3, "0")}.screen${i % 17}.label${String(i).padStart(6, "0")}`;
    file[key] =
      language === "en"
        ? `Hello {name}, this is string number ${i} of the app.`
        : `Hallo {name}, das ist Text Nummer ${i} der App.`;
  }
  return new TextEncoder().encode(JSON.stringify(file, null, 2));
}

export async function importJson(client: ApiClient, projectId: string, bytes: Uint8Array, language: string) {
  const answer = await call(client, contract.transfer.import, {
    params: { projectId },
    body: { file: new File([new Uint8Array(bytes)], `${language}.json`), language },
  });
  if (answer.status !== 200)
    throw new Error(`import answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}
