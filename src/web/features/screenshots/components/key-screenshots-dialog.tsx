import { ImagePlus, Link2, Trash2 } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { useDeleteScreenshot, useUploadScreenshot } from "../api/change-screenshots.ts";
import { type KeyScreenshotView, useKeyScreenshots } from "../api/list-screenshots.ts";
import { LinkKeysPanel } from "./link-keys-panel.tsx";
import { ScreenshotFigure } from "./screenshot-figure.tsx";

export interface KeyScreenshotsDialogProps {
  projectId: string;
  keyId: string;
  keyName: string;
  /** screenshots.manage: upload, delete, link to other keys. */
  canManage: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const ACCEPT = "image/png,image/jpeg,image/webp";

/**
 * A key's screenshots, each with the key's rectangle outlined. Owners and admins upload (a file
 * picker or a drop), delete, and link a screenshot to other keys with a rectangle per key; the
 * server's refusal (not an image, too large) is shown as it says it.
 */
export function KeyScreenshotsDialog({
  projectId,
  keyId,
  keyName,
  canManage,
  open,
  onOpenChange,
}: KeyScreenshotsDialogProps) {
  const screenshots = useKeyScreenshots(projectId, keyId);
  const [linking, setLinking] = useState<string | null>(null);
  const list = screenshots.data ?? [];
  const linkingView = list.find((view) => view.screenshot.id === linking);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={`Screenshots of ${keyName}`} className="max-w-2xl">
        {linkingView ? (
          <LinkKeysPanel
            projectId={projectId}
            screenshot={linkingView.screenshot}
            onDone={() => setLinking(null)}
          />
        ) : (
          <>
            {canManage ? <UploadZone projectId={projectId} keyId={keyId} /> : null}
            {screenshots.isPending ? <p className="text-sm text-muted">Loading screenshots…</p> : null}
            {screenshots.isError ? (
              <p role="alert" className="text-sm text-danger">
                {errorMessage(screenshots.error, "The screenshots could not be loaded.")}
              </p>
            ) : null}
            {screenshots.isSuccess && list.length === 0 ? (
              <p className="text-sm text-muted">No screenshots of this key yet.</p>
            ) : null}
            <ul className="flex flex-col gap-4">
              {list.map((view) => (
                <ScreenshotItem
                  key={view.screenshot.id}
                  projectId={projectId}
                  view={view}
                  keyName={keyName}
                  canManage={canManage}
                  onLink={() => setLinking(view.screenshot.id)}
                />
              ))}
            </ul>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ScreenshotItem({
  projectId,
  view,
  keyName,
  canManage,
  onLink,
}: {
  projectId: string;
  view: KeyScreenshotView;
  keyName: string;
  canManage: boolean;
  onLink: () => void;
}) {
  const { screenshot, rect } = view;
  const remove = useDeleteScreenshot(projectId);
  const [confirming, setConfirming] = useState(false);
  const others = screenshot.keys.length - 1;
  return (
    <li className="flex flex-col gap-2">
      <ScreenshotFigure screenshot={screenshot} rect={rect} keyName={keyName} />
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
        <span className="min-w-0 flex-1 break-all">
          {screenshot.name} · {screenshot.width} × {screenshot.height}
          {others > 0 ? ` · also on ${others} other ${others === 1 ? "key" : "keys"}` : ""}
        </span>
        {canManage ? (
          <>
            <Button size="sm" variant="outline" onClick={onLink}>
              <Link2 aria-hidden="true" />
              Link to other keys
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-danger hover:text-danger"
              aria-label={`Delete ${screenshot.name}`}
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete screenshot?"
        description={`${screenshot.name} goes from every key it is linked to.`}
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={() => remove.mutate(screenshot.id, { onSettled: () => setConfirming(false) })}
      />
    </li>
  );
}

/** Drop an image here, or choose one: one upload per file, the server's message when refused. */
function UploadZone({ projectId, keyId }: { projectId: string; keyId: string }) {
  const upload = useUploadScreenshot(projectId);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [over, setOver] = useState(false);
  const send = (files: FileList | null) => {
    const file = files?.[0];
    if (file) upload.mutate({ keyId, file });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    send(event.dataTransfer.files);
  };
  return (
    <div className="flex flex-col gap-2">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer extra; the button is the keyboard path. */}
      <div
        className={cn(
          "flex flex-col items-center gap-2 rounded-md border border-dashed border-border-strong px-4 py-5 text-center text-sm text-muted",
          over && "border-brand-500 bg-brand-50",
        )}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="screenshot-drop-zone"
      >
        <p>Drop a PNG, JPEG or WebP image here, or</p>
        <Button size="sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <ImagePlus aria-hidden="true" />
          {upload.isPending ? "Uploading…" : "Upload screenshot"}
        </Button>
        <label htmlFor={inputId} className="sr-only">
          Screenshot file
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            send(event.target.files);
            event.target.value = "";
          }}
        />
      </div>
      {upload.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(upload.error, "The screenshot could not be uploaded. Please try again.")}
        </p>
      ) : null}
    </div>
  );
}
