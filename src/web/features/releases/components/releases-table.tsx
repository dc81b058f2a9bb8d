import { ChevronDown } from "lucide-react";
import type { Release, ReleaseList } from "../../../../shared/schemas/releases.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { TableRegion } from "../../../components/ui/table-region.tsx";
import { exactTime, relativeTime } from "../../../lib/time-text.ts";
import { activationTargets, releaseAuthor, releaseSource, STRING_FILTER_BADGES } from "../release-text.ts";
import { DownloadStrip } from "./download-strip.tsx";
import { LiveBadge } from "./live-badge.tsx";

export interface ReleasesTableProps {
  releases: readonly Release[];
  environments: ReleaseList["environments"];
  /** The time the relative times and the download days are counted from. */
  now: number;
  /** Absent for those who may not publish: no row actions then. */
  onActivate?: ((release: Release, environment: string) => void) | undefined;
  /** "Another environment…": the environment is chosen in a dialog. */
  onChooseEnvironment?: ((release: Release) => void) | undefined;
}

const cell = "px-3 py-2 align-top";

/** The languages of a release, with its strings filter and placeholders when not the usual. */
function Contents({ release }: { release: Release }) {
  const filter = STRING_FILTER_BADGES[release.only];
  return (
    <div className="flex flex-col gap-1">
      <span className="break-words">{release.languages.join(", ")}</span>
      {filter || release.placeholderFormat !== "web" ? (
        <span className="flex flex-wrap gap-1 text-xs text-muted">
          {filter ? <span>{filter}</span> : null}
          {filter && release.placeholderFormat !== "web" ? <span aria-hidden="true">·</span> : null}
          {release.placeholderFormat !== "web" ? <span>{release.placeholderFormat} placeholders</span> : null}
        </span>
      ) : null}
    </div>
  );
}

function RowActions({
  release,
  environments,
  onActivate,
  onChooseEnvironment,
}: {
  release: Release;
  environments: ReleaseList["environments"];
  onActivate: (release: Release, environment: string) => void;
  onChooseEnvironment: ((release: Release) => void) | undefined;
}) {
  const targets = activationTargets(release, environments);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Make release ${release.number} live`}>
          Make live
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {targets.map(({ environment, rollback }) => (
          <DropdownMenuItem key={environment} onSelect={() => onActivate(release, environment)}>
            {rollback ? `Roll back ${environment} to this` : `Make live in ${environment}`}
          </DropdownMenuItem>
        ))}
        {onChooseEnvironment ? (
          <>
            {targets.length > 0 ? <DropdownMenuSeparator /> : null}
            <DropdownMenuItem onSelect={() => onChooseEnvironment(release)}>
              Another environment…
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The releases, newest first: whose strings (main's or a branch's), when and by whom, what they hold, how much changed since the one
 * before, how often apps downloaded them, and where they are live. In its own scroll region on
 * narrow screens.
 */
export function ReleasesTable({
  releases,
  environments,
  now,
  onActivate,
  onChooseEnvironment,
}: ReleasesTableProps) {
  return (
    <TableRegion label="Releases table">
      <thead className="bg-surface text-xs text-muted">
        <tr>
          <th scope="col" className={cell}>
            Release
          </th>
          <th scope="col" className={cell}>
            Published
          </th>
          <th scope="col" className={cell}>
            By
          </th>
          <th scope="col" className={cell}>
            Languages
          </th>
          <th scope="col" className={cell}>
            Keys changed
          </th>
          <th scope="col" className={cell}>
            Downloads
          </th>
          <th scope="col" className={cell}>
            Live in
          </th>
          {onActivate ? (
            <th scope="col" className={cell}>
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {releases.map((release) => (
          <tr
            key={release.id}
            className="border-t border-border"
            data-testid={`release-row-${release.number}`}
          >
            <th scope="row" className={`${cell} font-medium whitespace-nowrap`}>
              Release {release.number}
              <span className="block text-xs font-normal text-muted">to {release.environment}</span>
              <span className="block text-xs font-normal text-muted">
                from <span className="font-mono">{releaseSource(release)}</span>
              </span>
            </th>
            <td className={`${cell} whitespace-nowrap`}>
              <time dateTime={release.createdAt} title={exactTime(release.createdAt)}>
                {relativeTime(release.createdAt, now)}
              </time>
            </td>
            <td className={`${cell} max-w-48 break-words`}>{releaseAuthor(release)}</td>
            <td className={`${cell} max-w-56`}>
              <Contents release={release} />
            </td>
            <td className={`${cell} whitespace-nowrap`}>
              {release.keysChanged.toLocaleString("en")}
              <span className="block text-xs text-muted">
                of {release.keyCount.toLocaleString("en")} keys
              </span>
            </td>
            <td className={cell}>
              <DownloadStrip downloads={release.downloads} now={now} />
            </td>
            <td className={cell}>
              {release.liveIn.length > 0 ? (
                <span className="flex flex-wrap gap-1">
                  {release.liveIn.map((environment) => (
                    <LiveBadge key={environment} environment={environment} />
                  ))}
                </span>
              ) : (
                <span className="text-muted">—</span>
              )}
            </td>
            {onActivate ? (
              <td className={`${cell} text-right whitespace-nowrap`}>
                <RowActions
                  release={release}
                  environments={environments}
                  onActivate={onActivate}
                  onChooseEnvironment={onChooseEnvironment}
                />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}
