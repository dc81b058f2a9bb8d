import type { Project } from "../../../../shared/schemas/projects.ts";
import { PULL_ALIAS_PATH } from "../../../../shared/schemas/pull.ts";
import { Snippet } from "../../../components/ui/snippet.tsx";

/** The language a usage example pulls: the first translation language, else the source. */
function exampleLanguage(project: Project): string {
  return project.languages.find((code) => code !== project.sourceLanguage) ?? project.sourceLanguage;
}

/** The curl and CLI commands for this project, with this Sprog's own address. */
export function pullExamples(project: Project, host: string, apiKey = "$SPROG_API_KEY") {
  const language = exampleLanguage(project);
  const body = JSON.stringify({ format: "json", placeholderFormat: "web", language });
  const curl = [
    `curl -fsS -X POST "${host}/api/v1/pull" \\`,
    `  -H "x-api-key: ${apiKey}" \\`,
    `  -H "content-type: application/json" \\`,
    `  -d '${body}' -o ${language}.json`,
  ].join("\n");
  const cli = [
    `curl -fsSLO ${host}/cli/sprog.mjs`,
    `node sprog.mjs pull --host ${host} --api-key "${apiKey}" \\`,
    `  --format json --language ${language} --out ${language}.json`,
  ].join("\n");
  return { curl, cli };
}

/** How CI pulls this project's translations (README "Push, pull and the CLI" has the rest). */
export function ApiUsage({ project, host }: { project: Project; host: string }) {
  const { curl, cli } = pullExamples(project, host);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="api-usage-title">
      <h4 id="api-usage-title" className="text-sm font-semibold">
        Use it in CI/CD
      </h4>
      <p className="text-xs text-muted">
        Without <code className="font-mono">language</code> you get{" "}
        <code className="font-mono">translations.zip</code> with every language. Formats: json, strings,
        android; placeholder formats: web, ios, android. Send the answer's ETag back as{" "}
        <code className="font-mono">If-None-Match</code> to get 304 until something changes. The same API also
        answers at <code className="font-mono">{`${host}${PULL_ALIAS_PATH}`}</code>.
      </p>
      <Snippet label="curl" code={curl} />
      <Snippet label="Command line (Node 20+)" code={cli} />
    </section>
  );
}
