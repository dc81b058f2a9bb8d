import { Link2, X } from "lucide-react";
import { useState } from "react";
import type { Screenshot, ScreenshotRect } from "../../../../shared/schemas/screenshots.ts";
import { Button } from "../../../components/ui/button.tsx";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useLinkScreenshot } from "../api/change-screenshots.ts";
import { type PickableKey, useKeySearch } from "../api/search-keys.ts";
import { describeRect } from "../rect-geometry.ts";
import { RectPicker } from "./rect-picker.tsx";

interface PendingLink {
  key: PickableKey;
  rect: ScreenshotRect | null;
}

/**
 * Link to other keys: find a key by search, drag the rectangle where its text is on the image
 * (or keep the whole image), add it; repeat; then save every link at once.
 */
export function LinkKeysPanel({
  projectId,
  screenshot,
  onDone,
}: {
  projectId: string;
  screenshot: Screenshot;
  onDone: () => void;
}) {
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<PickableKey | null>(null);
  const [rect, setRect] = useState<ScreenshotRect | null>(null);
  const [pending, setPending] = useState<PendingLink[]>([]);
  const found = useKeySearch(projectId, search, picked === null);
  const link = useLinkScreenshot(projectId);
  const linked = new Set([...screenshot.keys.map((entry) => entry.keyId), ...pending.map((p) => p.key.id)]);

  const addPicked = () => {
    if (!picked) return;
    setPending((old) => [...old, { key: picked, rect }]);
    setPicked(null);
    setRect(null);
  };
  const save = () =>
    link.mutate(
      { id: screenshot.id, links: pending.map((entry) => ({ keyId: entry.key.id, rect: entry.rect })) },
      { onSuccess: onDone },
    );

  return (
    <section aria-label={`Link ${screenshot.name} to other keys`} className="flex flex-col gap-3">
      {picked ? (
        <>
          <p className="text-sm">
            Drag a rectangle around <span className="font-mono text-xs">{picked.key}</span> on the image, or
            link the whole image.
          </p>
          <RectPicker screenshot={screenshot} keyName={picked.key} rect={rect} onChange={setRect} />
          <p className="text-xs text-muted" aria-live="polite">
            Rectangle: {describeRect(rect)}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={addPicked}>
              Add {picked.key}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setRect(null)} disabled={rect === null}>
              Whole image
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setPicked(null)}>
              Choose another key
            </Button>
          </div>
        </>
      ) : (
        <>
          <SearchInput
            label="Search keys to link"
            placeholder="Search keys..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <ul className="flex max-h-48 flex-col overflow-y-auto rounded-md border border-border">
            {(found.data ?? [])
              .filter((key) => !linked.has(key.id))
              .map((key) => (
                <li key={key.id}>
                  <button
                    type="button"
                    className="w-full px-3 py-1.5 text-left font-mono text-xs break-all hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:outline-none"
                    onClick={() => setPicked(key)}
                  >
                    {key.key}
                  </button>
                </li>
              ))}
            {found.data?.every((key) => linked.has(key.id)) ? (
              <li className="px-3 py-1.5 text-xs text-muted">No other keys found</li>
            ) : null}
          </ul>
        </>
      )}
      {pending.length > 0 ? (
        <ul aria-label="Links to save" className="flex flex-col gap-1 text-sm">
          {pending.map((entry) => (
            <li key={entry.key.id} className="flex items-center gap-2">
              <span className="min-w-0 flex-1 font-mono text-xs break-all">{entry.key.key}</span>
              <span className="text-xs text-muted">{describeRect(entry.rect)}</span>
              <Button
                variant="ghost"
                size="icon"
                className="size-6"
                aria-label={`Do not link ${entry.key.key}`}
                onClick={() => setPending((old) => old.filter((p) => p.key.id !== entry.key.id))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {link.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(link.error, "The links could not be saved. Please try again.")}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button size="sm" onClick={save} disabled={pending.length === 0 || link.isPending}>
          <Link2 aria-hidden="true" />
          Save links
        </Button>
      </div>
    </section>
  );
}
