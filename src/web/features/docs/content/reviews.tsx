import {
  ADD_KEYS_MAX,
  APPROVAL_STATES,
  type ApprovalState,
  COMMENT_MAX,
  DESCRIPTION_MAX,
  REVIEW_STATUSES,
  type ReviewStatus,
  TITLE_MAX,
} from "../../../../shared/schemas/reviews.ts";
import { Callout, Code, DataTable, DocSection, List, P, SubHeading, Ui } from "../components/prose.tsx";
import { rolesWith } from "../permission-texts.ts";

const STATUS_MEANING: Record<ReviewStatus, string> = {
  pending: "Listed under To do. Every review starts here, and re-opening brings it back.",
  completed: "Listed under Completed: someone pressed Mark as done, or every language was marked done.",
};

const APPROVAL_MEANING: Record<ApprovalState, string> = {
  pending: "No verdict yet: where every translation starts, and where it returns when the string changes.",
  approved: "The translation is right as it is.",
  needs_changes: "The translation needs work; an optional comment says what.",
};

const APPROVAL_LABELS: Record<ApprovalState, string> = {
  pending: "Pending",
  approved: "Approved",
  needs_changes: "Needs changes",
};

export function ReviewsTopic() {
  return (
    <>
      <DocSection id="what" title="What a review is">
        <P>
          A review is a titled work list of a project's keys, for example “Checkout screens for the 2.0
          release”. Translators work through it language by language, and reviewers approve each translation.
          The <Ui>Reviews</Ui> tab lists the project's reviews under <Ui>To do</Ui> and <Ui>Completed</Ui>,
          newest change first; <Ui>Search reviews...</Ui> filters them.
        </P>
        <P>
          Reviews can be created, changed and approved by {rolesWith("reviews.manage")}: reviewing is what the
          reviewer role is for.
        </P>
      </DocSection>

      <DocSection id="create" title="Create a review and add keys">
        <SubHeading>From the Reviews tab</SubHeading>
        <P>
          <Ui>New</Ui> opens <Ui>Create Review</Ui>: a title (required, up to {TITLE_MAX} characters) and an
          optional description (up to {DESCRIPTION_MAX.toLocaleString("en")}). You become its owner. On the
          review's page, <Ui>Add key</Ui> picks keys of the project to add.
        </P>
        <SubHeading>From a selection in the Overview</SubHeading>
        <List ordered>
          <li>Tick the keys in the Overview. A bar shows how many are selected.</li>
          <li>
            Press <Ui>Review</Ui>. <Ui>Add to Review</Ui> offers the reviews still to do, or a new one with a
            title and description.
          </li>
          <li>
            The keys are added, and the notice has a link to the review. <Ui>Deselect</Ui> clears the
            selection without doing anything.
          </li>
        </List>
        <P>
          A key already in the review stays in it once. Up to {ADD_KEYS_MAX.toLocaleString("en")} keys can be
          added at a time. A key can be taken out of a review again; deleting a key from the project removes
          it from its reviews.
        </P>
      </DocSection>

      <DocSection id="languages-done" title="Mark languages as done">
        <P>
          The review's page shows its keys with their strings in every language of the project; the cells can
          be edited right there. Above them, a <Ui>Mark as done</Ui> pill per language (the source language
          too) shows how many of the review's keys are approved in it. Click a pill to mark that language
          done, again to unmark it.
        </P>
        <List>
          <li>
            <Ui>Auto-complete</Ui>: when every language of the project is marked done, the review completes by
            itself (“All languages completed! Task marked as done.”).
          </li>
          <li>
            <Ui>Mark as done</Ui> in the bar completes the review at once, whatever is marked. A review
            without keys cannot be completed: add keys first.
          </li>
          <li>
            <Ui>Re-open review</Ui> sets it back to to-do and unmarks every language (“All languages
            unmarked”). In the Reviews list, clicking the owner's avatar does the same as these two buttons.
          </li>
        </List>
        <DataTable
          caption="Review status"
          columns={["Status", "Meaning"]}
          rowKeys={REVIEW_STATUSES}
          rows={REVIEW_STATUSES.map((status) => [<Code key={status}>{status}</Code>, STATUS_MEANING[status]])}
          columnClassNames={["w-32"]}
        />
      </DocSection>

      <DocSection id="approvals" title="Approvals">
        <P>
          Each translation in a review gets a verdict per language: <Ui>Approve</Ui>, or{" "}
          <Ui>Needs changes</Ui> with an optional comment (up to {COMMENT_MAX.toLocaleString("en")}{" "}
          characters). Clicking the verdict again, or <Ui>Back to pending</Ui>, withdraws it. Verdicts show in
          the review with who gave them, and on the translation's cell in the Overview.
        </P>
        <DataTable
          caption="Approval states"
          columns={["State", "Meaning"]}
          rowKeys={APPROVAL_STATES}
          rows={APPROVAL_STATES.map((state) => [APPROVAL_LABELS[state], APPROVAL_MEANING[state]])}
          columnClassNames={["w-36"]}
        />
        <SubHeading>When an approval resets</SubHeading>
        <P>
          A verdict belongs to the exact text it judged. When the string changes afterwards, by hand, by AI,
          by an import or by restoring an older value, the verdict falls back to pending, so an approval never
          vouches for text nobody has seen.
        </P>
        <Callout>
          <P>Editing a string to the same text it already has is not a change, so it keeps its approval.</P>
        </Callout>
      </DocSection>
    </>
  );
}
