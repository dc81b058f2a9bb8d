import { languageName } from "../../../shared/languages.ts";
import type { ActivityEntry } from "../../../shared/schemas/activity.ts";
import { agentDisplayName } from "../../../shared/schemas/keys.ts";
import { relativeTime as relativeTimeText } from "../../lib/time-text.ts";

/**
 * The name an entry's author goes by: a person, or a coding agent that wrote with a project API key
 * (issue 36: its name in `details.agent`); nobody named: the system, or a person since deleted.
 */
export function actorName(entry: ActivityEntry): string {
  if (entry.user) return entry.user.name;
  const agent = entry.details.agent;
  return typeof agent === "string" && agent.trim() !== "" ? agentDisplayName(agent) : "Someone";
}

/** "1 string", "12 strings", "1,200 strings". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
}

/** "German", "German, French", "German, French, Spanish and 2 more". */
export function languageList(codes: readonly string[], shown = 3): string {
  const names = codes.slice(0, shown).map(languageName).join(", ");
  return codes.length > shown ? `${names} and ${codes.length - shown} more` : names;
}

/** The first of the details that is a non-empty text or a number, as text. */
function detail(entry: ActivityEntry, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = entry.details[name];
    if (typeof value === "number") return value.toLocaleString("en");
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return undefined;
}

const quoted = (text: string | undefined) => (text === undefined ? "" : ` “${text}”`);
const inLanguages = (entry: ActivityEntry, word = "in") =>
  entry.languages.length > 0 ? ` ${word} ${languageList(entry.languages)}` : "";

/** The file an import names, or the files a push sent. */
const fileOf = (entry: ActivityEntry) => detail(entry, "fileName", "files");
/** The person a role change is about. */
const memberOf = (entry: ActivityEntry) => detail(entry, "member");

/** ", 3 failed" for a positive number detail, else nothing. */
function andSome(entry: ActivityEntry, name: string, words: (n: number) => string): string {
  const value = entry.details[name];
  return typeof value === "number" && value > 0 ? `, ${words(value)}` : "";
}

function stringsImported(entry: ActivityEntry, verb: string, suffix = ""): string {
  const file = fileOf(entry);
  const strings = plural(entry.count, "string");
  const newKeys = andSome(entry, "keysAdded", (n) => plural(n, "new key"));
  return file !== undefined
    ? `${verb} ${file}${suffix}: ${strings}${newKeys}`
    : `${verb} ${strings}${suffix}${inLanguages(entry, "into")}${newKeys}`;
}

function keysPhrase(entry: ActivityEntry, verb: string): string {
  const count = Math.max(entry.count, entry.keys.length);
  return count <= 1 ? `${verb} a key` : `${verb} ${plural(count, "key")}`;
}

function renamed(entry: ActivityEntry): string {
  const from = detail(entry, "from");
  const to = detail(entry, "to") ?? entry.keys[0]?.key;
  return from !== undefined && to !== undefined ? `renamed a key: ${from} → ${to}` : "renamed a key";
}

function roleChanged(entry: ActivityEntry): string {
  const member = memberOf(entry);
  const role = detail(entry, "to");
  const whose = member !== undefined ? `${member}'s` : "a member's";
  return role !== undefined ? `changed ${whose} role to ${role}` : `changed ${whose} role`;
}

function glossaryEdited(entry: ActivityEntry): string {
  const term = quoted(detail(entry, "term"));
  switch (detail(entry, "action")) {
    case "created":
      return `added the glossary term${term}`;
    case "updated":
      return `edited the glossary term${term}`;
    case "deleted":
      return `deleted the glossary term${term}`;
    case "imported":
      return `imported the glossary: ${plural(Number(entry.details.created ?? 0), "term")} added, ${Number(entry.details.updated ?? 0).toLocaleString("en")} updated`;
  }
  if (term !== "") return `edited the glossary term${term}`;
  return entry.count > 0 ? `edited the glossary: ${plural(entry.count, "term")}` : "edited the glossary";
}

function toneEdited(entry: ActivityEntry): string {
  const section = quoted(detail(entry, "section"));
  switch (detail(entry, "action")) {
    case "section added":
      return `added the tone section${section}`;
    case "section edited":
      return `edited the tone section${section}`;
    case "section deleted":
      return `deleted the tone section${section}`;
  }
  const changed = detail(entry, "changed");
  return `edited the tone of voice${changed !== undefined ? `: ${changed}` : ""}`;
}

function ssoChanged(entry: ActivityEntry): string {
  const domain = detail(entry, "domain");
  switch (detail(entry, "change")) {
    case "domain_removed":
      return `removed the domain ${domain ?? ""} from single sign-on`.replace("  ", " ");
    case "removed":
      return "turned single sign-on off and removed its settings";
  }
  return "changed the single sign-on settings";
}

function memberLeft(entry: ActivityEntry): string {
  const removedBy = detail(entry, "removedBy");
  return removedBy !== undefined ? `was removed from the team by ${removedBy}` : "left the team";
}

/**
 * The branch a change was made on (issue 39: its name in `details.branch`); undefined on main. A
 * branch's own entries (started, merged, deleted) are about it rather than made on it.
 */
export function branchOf(entry: ActivityEntry): string | undefined {
  return entry.kind.startsWith("branch.") ? undefined : detail(entry, "branch");
}

/**
 * What an entry says happened, in plain words after the author's name: "edited 12 strings in
 * German, French", "imported de.json: 340 strings", "renamed a key: home.title → home.heading",
 * and where, when it was not main: "edited 2 strings in German on feature/checkout".
 * The details are read defensively: an entry lacking one still reads as a sentence.
 */
export function describeActivity(entry: ActivityEntry): string {
  const branch = branchOf(entry);
  return branch === undefined ? whatHappened(entry) : `${whatHappened(entry)} on ${branch}`;
}

function whatHappened(entry: ActivityEntry): string {
  const review = quoted(detail(entry, "title"));
  switch (entry.kind) {
    case "strings.edited":
      return `edited ${plural(entry.count, "string")}${inLanguages(entry)}`;
    case "strings.imported":
      return stringsImported(entry, "imported");
    case "strings.pushed":
      return stringsImported(entry, "pushed", " from CI");
    case "batch.started":
      return `started a batch translation${entry.count > 0 ? ` of ${plural(entry.count, "string")}` : ""}${inLanguages(entry, "into")}`;
    case "batch.completed":
      return `finished a batch translation: ${plural(entry.count, "string")}${inLanguages(entry)}${andSome(entry, "failed", (n) => `${n.toLocaleString("en")} failed`)}${andSome(entry, "skipped", (n) => `${n.toLocaleString("en")} skipped`)}`;
    case "key.created":
      return keysPhrase(entry, "added");
    case "key.renamed":
      return renamed(entry);
    case "key.deleted":
      return keysPhrase(entry, "deleted");
    case "review.created":
      return `created the review${review}${entry.count > 0 ? ` with ${plural(entry.count, "key")}` : ""}`;
    case "review.completed":
      return `completed the review${review}`;
    case "branch.created":
      return `started the branch${quoted(detail(entry, "branch"))}`;
    case "branch.merged":
      return `merged the branch${quoted(detail(entry, "branch"))} into ${detail(entry, "into") ?? "main"}: ${plural(entry.count, "change")}`;
    case "branch.deleted":
      return `deleted the branch${quoted(detail(entry, "branch"))}`;
    case "review.approved":
      return `approved ${plural(entry.count, "translation")}${inLanguages(entry)}${review === "" ? "" : ` in${review}`}`;
    case "member.joined":
      return "joined the team";
    case "member.left":
      return memberLeft(entry);
    case "member.role_changed":
      return roleChanged(entry);
    case "api_key.created":
      return `created the API key${quoted(detail(entry, "name"))}`;
    case "api_key.revoked":
      return `revoked the API key${quoted(detail(entry, "name"))}`;
    case "tone.edited":
      return toneEdited(entry);
    case "glossary.edited":
      return glossaryEdited(entry);
    case "file.removed":
      return `removed the uploaded file${quoted(fileOf(entry))}${entry.languages.length > 0 ? ` (${languageList(entry.languages)})` : ""}`;
    case "sso.changed":
      return ssoChanged(entry);
    case "sso.domain_verified":
      return `verified the domain ${detail(entry, "domain") ?? ""}`.trimEnd();
    case "sso.signed_in":
      return "signed in with single sign-on";
    case "sso.break_glass":
      return "signed in with an e-mail code, past the team's single sign-on";
  }
}

/** The local calendar day of an instant, YYYY-MM-DD: the feed groups entries by the viewer's days. */
export function localDay(iso: string | number | Date): string {
  const time = new Date(iso);
  const month = String(time.getMonth() + 1).padStart(2, "0");
  const day = String(time.getDate()).padStart(2, "0");
  return `${time.getFullYear()}-${month}-${day}`;
}

/** A day group's heading: "Today", "Yesterday", else the date ("Monday, 23 November", with the year if not this one). */
export function dayLabel(day: string, now: number = Date.now()): string {
  const today = localDay(now);
  if (day === today) return "Today";
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (day === localDay(yesterday)) return "Yesterday";
  const [year, month, date] = day.split("-").map(Number);
  const time = new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
  return time.toLocaleDateString("en", {
    weekday: "long",
    day: "numeric",
    month: "long",
    ...(time.getFullYear() === new Date(now).getFullYear() ? {} : { year: "numeric" }),
  });
}

/** Entries in groups of one local day each, newest first (the entries come newest first). */
export function groupByDay<E extends { createdAt: string }>(
  entries: readonly E[],
): { day: string; entries: E[] }[] {
  const groups: { day: string; entries: E[] }[] = [];
  for (const entry of entries) {
    const day = localDay(entry.createdAt);
    const last = groups.at(-1);
    if (last?.day === day) last.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return groups;
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago"; a week or older: the time of day. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  return relativeTimeText(iso, now, "time");
}
