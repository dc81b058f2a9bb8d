import { ACTIVITY_KIND_IDS, ACTIVITY_KINDS } from "../../../../shared/schemas/activity.ts";
import { Code, DocSection, List, P, Ui } from "../components/prose.tsx";
import { rolesWith } from "../permission-texts.ts";

const capital = (text: string) => text.replace(/^./, (c) => c.toUpperCase());
const labels = (stringWork: boolean) =>
  ACTIVITY_KIND_IDS.filter((kind) => ACTIVITY_KINDS[kind].stringWork === stringWork)
    .map((kind) => ACTIVITY_KINDS[kind].label.toLowerCase())
    .join(", ");

/** Section `activity` of the docs topic collaboration: the Activity tab (issue 22). */
export function ActivitySection() {
  return (
    <DocSection id="activity" title="Activity">
      <P>
        The <Ui>Activity</Ui> tab shows who did what in the selected project, newest first and grouped by day:
        each entry names the person, what they did in plain words (“edited 12 strings in German, French”,
        “imported de.json: 340 strings”), when, and the keys it was about. A key opens the Overview on that
        key; an entry about many keys lists the first few and <Ui>+N more</Ui>. New entries appear at the top
        as they happen, without reloading.
      </P>
      <P>
        Above the feed, the project's dashboard: per language a bar of approved, translated, unverified AI and
        missing strings with the numbers; the percent translated over the last 90 days, one line per language
        (<Ui>Show as table</Ui> lists the numbers); the words translated this month by people and by AI; the
        top contributors; and the open reviews with their progress. It refreshes itself as people work.
      </P>
      <List>
        <li>
          String work: {labels(true)}. A person's string edits in one minute are one entry whose count grows,
          not one line per save.
        </li>
        <li>
          The team's own changes: {labels(false)}. {capital(rolesWith("activity.viewAll"))} see these too, and
          can switch <Ui>Show</Ui> to <Ui>Whole team</Ui> for every project at once; the other members see the
          projects' string work.
        </li>
        <li>
          Filter by <Ui>Person</Ui>, <Ui>Kind</Ui> and a <Ui>From</Ui>–<Ui>To</Ui> range of days. The filters
          are part of the page's address, so a copied link opens the same view. <Ui>Load more</Ui> at the end
          brings older entries.
        </li>
        <li>
          Entries are kept for 365 days (the server's <Code>ACTIVITY_RETENTION_DAYS</Code>) and written with
          the change itself: a change that fails leaves no entry.
        </li>
      </List>
    </DocSection>
  );
}
