import { describe, expect, it } from "vitest";
import {
  actorName,
  dayLabel,
  describeActivity,
  groupByDay,
  localDay,
  relativeTime,
} from "./activity-text.ts";
import { activityEntry } from "./test-entries.ts";

describe("describeActivity", () => {
  it("says what happened in plain words with the entry's details", () => {
    const cases = [
      [{ kind: "strings.edited", count: 12, languages: ["de", "fr"] }, "edited 12 strings in German, French"],
      [{ kind: "strings.edited", count: 1, languages: ["de"] }, "edited 1 string in German"],
      [
        { kind: "strings.imported", count: 340, details: { fileName: "de.json" } },
        "imported de.json: 340 strings",
      ],
      [{ kind: "strings.imported", count: 2, languages: ["de"] }, "imported 2 strings into German"],
      [
        { kind: "strings.pushed", count: 5, details: { fileName: "en.json" } },
        "pushed en.json from CI: 5 strings",
      ],
      [
        { kind: "batch.started", count: 120, languages: ["es"] },
        "started a batch translation of 120 strings into Spanish",
      ],
      [
        { kind: "batch.completed", count: 118, languages: ["es"], details: { failed: 2 } },
        "finished a batch translation: 118 strings in Spanish, 2 failed",
      ],
      [{ kind: "key.created", count: 1 }, "added a key"],
      [{ kind: "key.deleted", count: 3 }, "deleted 3 keys"],
      [
        { kind: "key.renamed", details: { from: "home.title", to: "home.heading" } },
        "renamed a key: home.title → home.heading",
      ],
      [
        { kind: "review.created", count: 4, details: { title: "Checkout" } },
        "created the review “Checkout” with 4 keys",
      ],
      [{ kind: "review.completed", details: { title: "Checkout" } }, "completed the review “Checkout”"],
      [{ kind: "review.approved", count: 3, languages: ["de"] }, "approved 3 translations in German"],
      [{ kind: "member.joined" }, "joined the team"],
      [{ kind: "member.left" }, "left the team"],
      [{ kind: "member.left", details: { role: "reviewer", removedBy: null } }, "left the team"],
      [
        { kind: "member.left", details: { removedBy: "Olga Owner" } },
        "was removed from the team by Olga Owner",
      ],
      [
        { kind: "member.role_changed", details: { member: "Rita", from: "reviewer", to: "admin" } },
        "changed Rita's role to admin",
      ],
      [{ kind: "api_key.created", details: { name: "CI" } }, "created the API key “CI”"],
      [{ kind: "api_key.revoked", details: {} }, "revoked the API key"],
      [{ kind: "tone.edited" }, "edited the tone of voice"],
      [
        { kind: "tone.edited", details: { action: "settings", changed: "product context, brand tone" } },
        "edited the tone of voice: product context, brand tone",
      ],
      [
        { kind: "tone.edited", details: { action: "section added", section: "Errors" } },
        "added the tone section “Errors”",
      ],
      [
        { kind: "glossary.edited", count: 1, details: { action: "created", term: "Sprog" } },
        "added the glossary term “Sprog”",
      ],
      [
        { kind: "glossary.edited", count: 1, details: { action: "deleted", term: "Sprog" } },
        "deleted the glossary term “Sprog”",
      ],
      [
        { kind: "glossary.edited", count: 5, details: { action: "imported", created: 3, updated: 2 } },
        "imported the glossary: 3 terms added, 2 updated",
      ],
      [{ kind: "glossary.edited", count: 20 }, "edited the glossary: 20 terms"],
      [
        { kind: "file.removed", languages: ["de"], details: { fileName: "locales/de.json" } },
        "removed the uploaded file “locales/de.json” (German)",
      ],
      [
        { kind: "file.removed", details: { fileName: "strings.csv" } },
        "removed the uploaded file “strings.csv”",
      ],
    ] as const;
    for (const [overrides, text] of cases) {
      expect(describeActivity(activityEntry(overrides as Parameters<typeof activityEntry>[0]))).toBe(text);
    }
  });

  it("names at most three languages", () => {
    const entry = activityEntry({ count: 5, languages: ["de", "fr", "es", "it", "pl"] });
    expect(describeActivity(entry)).toBe("edited 5 strings in German, French, Spanish and 2 more");
  });

  it("says the branch a change was made on; a branch's own entries name it once", () => {
    const onBranch = { branch: "feature/checkout" };
    const cases = [
      [{ count: 2, languages: ["de"], details: onBranch }, "edited 2 strings in German on feature/checkout"],
      [{ kind: "key.created", count: 1, details: onBranch }, "added a key on feature/checkout"],
      [{ kind: "key.created", count: 1 }, "added a key"],
      [
        { kind: "branch.created", details: { branch: "feature/checkout", from: "main" } },
        "started the branch “feature/checkout”",
      ],
    ] as const;
    for (const [overrides, text] of cases) {
      expect(describeActivity(activityEntry(overrides as Parameters<typeof activityEntry>[0]))).toBe(text);
    }
  });
});

describe("actorName", () => {
  it("names the person, a coding agent by its name (issue 36), else someone", () => {
    expect(actorName(activityEntry())).toBe("Olga Owner");
    const agent = activityEntry({
      user: null,
      count: 20,
      languages: ["de"],
      details: { agent: "claude-code" },
    });
    expect(actorName(agent)).toBe("claude-code (AI agent)");
    expect(`${actorName(agent)} ${describeActivity(agent)}`).toBe(
      "claude-code (AI agent) edited 20 strings in German",
    );
    expect(actorName(activityEntry({ user: null }))).toBe("Someone");
  });
});

describe("days and times", () => {
  const now = new Date(2026, 10, 26, 15, 0).getTime();

  it("groups entries by the viewer's day, newest first, with Today and Yesterday", () => {
    const entries = [
      { id: "a", createdAt: new Date(2026, 10, 26, 14, 0).toISOString() },
      { id: "b", createdAt: new Date(2026, 10, 26, 9, 0).toISOString() },
      { id: "c", createdAt: new Date(2026, 10, 25, 9, 0).toISOString() },
      { id: "d", createdAt: new Date(2025, 11, 31, 9, 0).toISOString() },
    ];
    const groups = groupByDay(entries);
    expect(groups.map((group) => group.entries.map((entry) => entry.id))).toEqual([["a", "b"], ["c"], ["d"]]);
    expect(groups.map((group) => dayLabel(group.day, now))).toEqual([
      "Today",
      "Yesterday",
      "Wednesday, December 31, 2025",
    ]);
    expect(dayLabel(localDay(new Date(2026, 10, 23)), now)).toBe("Monday, November 23");
  });

  it("tells the time relative to now", () => {
    expect(relativeTime(new Date(now - 10_000).toISOString(), now)).toBe("just now");
    expect(relativeTime(new Date(now - 5 * 60_000).toISOString(), now)).toBe("5 minutes ago");
    expect(relativeTime(new Date(now - 3 * 3_600_000).toISOString(), now)).toBe("3 hours ago");
    expect(relativeTime(new Date(now - 2 * 86_400_000).toISOString(), now)).toBe("2 days ago");
  });
});
