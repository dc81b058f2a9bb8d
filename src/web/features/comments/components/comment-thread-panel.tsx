import { useState } from "react";
import { toast } from "sonner";
import { mentions as mentionsPerson } from "../../../../shared/schemas/comments.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useMe } from "../../../lib/session.ts";
import { useCommentThread } from "../api/comment-thread.ts";
import { useCreateComment } from "../api/create-comment.ts";
import { useDeleteComment } from "../api/delete-comment.ts";
import { useMentionPeople } from "../api/mention-people.ts";
import { useSetThreadResolved } from "../api/set-thread-resolved.ts";
import { useUpdateComment } from "../api/update-comment.ts";
import { CommentItem } from "./comment-item.tsx";
import { MentionTextarea } from "./mention-textarea.tsx";

export interface CommentThreadPanelProps {
  projectId: string;
  keyId: string;
  language: string;
}

/**
 * A key and language's thread: the comments oldest first, Resolve / Reopen for the whole thread,
 * and a field to write one (@ mentions a teammate, Ctrl/Cmd+Enter sends).
 */
export function CommentThreadPanel({ projectId, keyId, language }: CommentThreadPanelProps) {
  const ref = { projectId, keyId, language };
  const thread = useCommentThread(keyId, language, true);
  const people = useMentionPeople(projectId, true).data ?? [];
  const meId = useMe().data?.user.id;
  const create = useCreateComment(ref);
  const update = useUpdateComment(ref);
  const remove = useDeleteComment(ref);
  const resolve = useSetThreadResolved(ref);
  const [draft, setDraft] = useState("");
  const [picked, setPicked] = useState<string[]>([]);

  /** Only the people still named in the text go with it (the server checks the same). */
  const mentionsIn = (text: string, ids: readonly string[]) =>
    people.filter((p) => ids.includes(p.id) && mentionsPerson(text, p)).map((p) => p.id);

  const send = () => {
    if (draft.trim() === "" || create.isPending) return;
    create.mutate(
      { body: draft, mentions: mentionsIn(draft, picked) },
      {
        onSuccess: () => {
          setDraft("");
          setPicked([]);
        },
        onError: (error) => toast.error(errorMessage(error, "Failed to add the comment")),
      },
    );
  };

  const comments = thread.data?.comments ?? [];
  const openCount = thread.data?.openCount ?? 0;

  return (
    <>
      <div className="flex items-center gap-2">
        <h3 className="min-w-0 flex-1 text-sm font-semibold">
          Comments{openCount > 0 ? ` · ${openCount} open` : ""}
        </h3>
        {comments.length > 0 ? (
          <Button
            size="sm"
            variant="outline"
            className="h-7 px-2"
            loading={resolve.isPending}
            onClick={() =>
              resolve.mutate(openCount > 0, {
                onError: (error) => toast.error(errorMessage(error, "Failed to update the thread")),
              })
            }
          >
            {openCount > 0 ? "Resolve" : "Reopen"}
          </Button>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {thread.isPending ? (
          <Spinner label="Loading comments" />
        ) : thread.isError ? (
          <p className="text-sm text-danger">Failed to load comments</p>
        ) : comments.length === 0 ? (
          <p className="text-sm text-muted">No comments yet. Ask a question or leave a note for the team.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-border" aria-label="Comments">
            {comments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                people={people}
                mine={meId !== undefined && comment.authorId === meId}
                canDelete={(meId !== undefined && comment.authorId === meId) || thread.data.canModerate}
                busy={
                  (update.isPending && update.variables?.id === comment.id) ||
                  (remove.isPending && remove.variables === comment.id)
                }
                onEdit={(body, ids) =>
                  update
                    .mutateAsync({ id: comment.id, body, mentions: mentionsIn(body, ids) })
                    .catch((error: unknown) => {
                      toast.error(errorMessage(error, "Failed to save the comment"));
                      throw error;
                    })
                }
                onDelete={() =>
                  remove.mutate(comment.id, {
                    onError: (error) => toast.error(errorMessage(error, "Failed to delete the comment")),
                  })
                }
              />
            ))}
          </ol>
        )}
      </div>
      <form
        className="flex flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <MentionTextarea
          value={draft}
          onChange={setDraft}
          onMention={(person) => setPicked((ids) => [...new Set([...ids, person.id])])}
          onSubmit={send}
          people={people}
          label="Write a comment"
          placeholder="Write a comment… (@ to mention)"
          disabled={create.isPending}
          autoFocus
        />
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-muted">Ctrl+Enter to send</span>
          <Button type="submit" size="sm" loading={create.isPending} disabled={draft.trim() === ""}>
            Comment
          </Button>
        </div>
      </form>
    </>
  );
}
