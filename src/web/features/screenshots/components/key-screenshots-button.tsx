import { Camera } from "lucide-react";
import { useState } from "react";
import { permissionFlags } from "../../../../shared/permissions.ts";
import { Button } from "../../../components/ui/button.tsx";
import { useWorkspace } from "../../../lib/workspace.tsx";
import { useKeyScreenshotCount } from "../api/list-screenshots.ts";
import { KeyScreenshotsDialog } from "./key-screenshots-dialog.tsx";

export interface KeyScreenshotsButtonProps {
  projectId: string;
  keyId: string;
  keyName: string;
  /** The row is hovered or focused: a key without screenshots offers the upload then. */
  showActions?: boolean;
  /** screenshots.manage (owners and admins). */
  canManage: boolean;
}

/**
 * The camera beside a key's name (Overview and reviews): how many screenshots the key has, opening
 * them. A key without any shows it only to those who may upload, and only on its active row.
 */
export function KeyScreenshotsButton({
  projectId,
  keyId,
  keyName,
  showActions = true,
  canManage,
}: KeyScreenshotsButtonProps) {
  const count = useKeyScreenshotCount(projectId, keyId);
  const [open, setOpen] = useState(false);
  if (count === 0 && !(canManage && showActions) && !open) return null;
  const label =
    count === 0
      ? `Add a screenshot of ${keyName}`
      : `${count} ${count === 1 ? "screenshot" : "screenshots"} of ${keyName}`;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="h-6 gap-1 px-1.5 text-muted"
        aria-label={label}
        title={count === 0 ? "Add a screenshot" : "Screenshots"}
        onClick={() => setOpen(true)}
      >
        <Camera aria-hidden="true" />
        {count > 0 ? <span className="text-xs tabular-nums">{count}</span> : null}
      </Button>
      <KeyScreenshotsDialog
        projectId={projectId}
        keyId={keyId}
        keyName={keyName}
        canManage={canManage}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}

/** The button with the signed-in member's right to change screenshots, for the pages' key columns. */
export function KeyScreenshots(props: Omit<KeyScreenshotsButtonProps, "canManage">) {
  const { selectedTeam } = useWorkspace();
  const canManage = permissionFlags(selectedTeam?.role ?? "none").canManageScreenshots;
  return <KeyScreenshotsButton {...props} canManage={canManage} />;
}
