import { COMMENT_BODY_MAX } from "../../../../shared/schemas/comments.ts";
import { DocSection, Kbd, List, P, TopicLink, Ui } from "../components/prose.tsx";
import { rolesWith } from "../permission-texts.ts";

const capital = (text: string) => text.replace(/^./, (c) => c.toUpperCase());

/** Section `comments` of the docs topic collaboration: comment threads on strings (issue 21). */
export function CommentsSection() {
  return (
    <DocSection id="comments" title="Comments">
      <P>
        Every string has its own comment thread: one per key and language, so a question about the German text
        is not mixed up with the French one. Hover a cell in the Overview or in a review and choose the speech
        bubble. A cell whose thread has open comments shows the bubble with their number all the time.
      </P>
      <List>
        <li>
          {capital(rolesWith("comments.write"))} can comment (up to {COMMENT_BODY_MAX.toLocaleString("en")}{" "}
          characters). Type <Ui>@</Ui> to pick a teammate by name or e-mail: they get an e-mail with the
          comment and a link to the key in the Overview. Only members of the team can be mentioned, and nobody
          is told twice about the same comment. <Kbd>Ctrl</Kbd>+<Kbd>Enter</Kbd> (<Kbd>⌘</Kbd>+
          <Kbd>Enter</Kbd> on a Mac) sends.
        </li>
        <li>
          You can edit and delete your own comments; {rolesWith("comments.moderate")} can delete anyone's.
        </li>
        <li>
          <Ui>Resolve</Ui> closes the whole thread, as in other translation tools: every open comment of the
          key and language is marked resolved, and the count on the cell goes away. <Ui>Reopen</Ui> brings
          back the comments the last resolve closed; a new comment opens the thread again by itself.
        </li>
        <li>
          Comments arrive live for everyone who has the project open, like edits. A{" "}
          <TopicLink to="reviews">review</TopicLink> lists the open comments on its keys under its table.
        </li>
      </List>
    </DocSection>
  );
}
