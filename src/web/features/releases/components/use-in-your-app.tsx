import { ExternalLink } from "lucide-react";
import { Snippet } from "../../../components/ui/snippet.tsx";
import { INSTALL_COMMAND, i18nextSetup, otaOrigin } from "../release-text.ts";

/** The docs section on releases (it may not be written yet: the link still names its place). */
const RELEASES_DOCS_PATH = "/docs/api#releases";

/**
 * How an app loads this project's releases: the packages to install and the i18next set-up with
 * this server's address, the distribution id and the project filled in.
 */
export function UseInYourApp({
  origin,
  distributionId,
  projectId,
  languages,
}: {
  origin: string;
  distributionId: string;
  projectId: string;
  languages: readonly string[];
}) {
  return (
    <section
      aria-labelledby="releases-use-in-app"
      className="flex flex-col gap-3 rounded-lg border border-border bg-background p-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id="releases-use-in-app" className="text-base font-semibold">
          Use it in your app
        </h2>
        <p className="text-sm text-muted">
          The app loads the environment's latest release when it starts and keeps the texts it was built with
          as the fallback. The distribution id{" "}
          <code className="font-mono text-foreground">{distributionId}</code> can only read releases, so it is
          safe in the app's code.
        </p>
      </div>
      <Snippet label="Install" code={INSTALL_COMMAND} copyable />
      <Snippet
        label="i18next set-up"
        code={i18nextSetup({ origin, distributionId, projectId, languages })}
        copyable
      />
      <p className="text-xs text-muted">
        The release files never change once published, so any CDN can serve them: point it at{" "}
        <code className="font-mono">{otaOrigin(origin)}</code> and give its address as{" "}
        <code className="font-mono">url</code>.
      </p>
      <a
        href={RELEASES_DOCS_PATH}
        target="_blank"
        rel="noreferrer"
        className="inline-flex w-fit items-center gap-1 text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
      >
        Releases in the API docs
        <ExternalLink className="size-3" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </section>
  );
}
