import type { ReleaseList } from "../../../../shared/schemas/releases.ts";
import { CopyButton } from "../../../components/ui/snippet.tsx";
import { exactTime, relativeTime } from "../../../lib/time-text.ts";
import { manifestUrl } from "../release-text.ts";

/**
 * Each environment with the release it serves and since when, and its manifest's address: what an
 * app (or a CDN) reads to find that release's files.
 */
export function EnvironmentsSummary({
  environments,
  origin,
  now,
}: {
  environments: ReleaseList["environments"];
  origin: string;
  now: number;
}) {
  return (
    <section aria-labelledby="release-environments" className="flex flex-col gap-2">
      <h2 id="release-environments" className="text-base font-semibold">
        Environments
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {environments.map((env) => {
          const url = manifestUrl(origin, env.manifestPath);
          return (
            <li
              key={env.name}
              data-testid={`environment-${env.name}`}
              className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-border bg-background p-3 text-sm"
            >
              <p>
                <span className="font-semibold">{env.name}</span>: release {env.releaseNumber}, since{" "}
                <time dateTime={env.updatedAt} title={exactTime(env.updatedAt)}>
                  {relativeTime(env.updatedAt, now)}
                </time>
              </p>
              <div className="flex min-w-0 items-center gap-2">
                <code
                  className="min-w-0 flex-1 truncate rounded bg-surface-muted px-2 py-1 font-mono text-xs"
                  title={url}
                >
                  {url}
                </code>
                <CopyButton text={url} label={`${env.name} manifest URL`} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
