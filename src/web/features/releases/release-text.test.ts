import { describe, expect, it } from "vitest";
import {
  activationTargets,
  downloadDays,
  downloadsSummary,
  environmentSuggestions,
  i18nextSetup,
  releaseAuthor,
  releaseSource,
} from "./release-text.ts";

describe("releaseAuthor", () => {
  it("names the person, CI with its key, or the completed review", () => {
    expect(releaseAuthor({ trigger: "person", createdBy: "Olga Owner" })).toBe("Olga Owner");
    expect(releaseAuthor({ trigger: "person", createdBy: null })).toBe("A former member");
    expect(releaseAuthor({ trigger: "api", createdBy: 'API key "CI"' })).toBe('CI · API key "CI"');
    expect(releaseAuthor({ trigger: "api", createdBy: null })).toBe("CI");
    expect(releaseAuthor({ trigger: "review", createdBy: "Rita" })).toBe("Review completed by Rita");
  });
});

describe("downloads", () => {
  it("spreads the days the server lists over the last 14, oldest first, 0 for the others", () => {
    const now = Date.parse("2026-03-14T10:00:00Z");
    const days = downloadDays(
      [
        { day: "2026-03-14", count: 4 },
        { day: "2026-03-01", count: 2 },
        { day: "2026-02-28", count: 99 },
      ],
      now,
    );
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ day: "2026-03-01", count: 2 });
    expect(days[13]).toEqual({ day: "2026-03-14", count: 4 });
    expect(days.reduce((sum, day) => sum + day.count, 0)).toBe(6);
  });

  it("says how many in words", () => {
    expect(downloadsSummary(0)).toBe("No downloads in the last 14 days");
    expect(downloadsSummary(1)).toBe("1 download in the last 14 days");
    expect(downloadsSummary(1200)).toBe("1,200 downloads in the last 14 days");
  });
});

describe("activationTargets", () => {
  const environments = [
    { name: "production", releaseNumber: 3, updatedAt: "", manifestPath: "" },
    { name: "staging", releaseNumber: 5, updatedAt: "", manifestPath: "" },
  ];
  it("offers the release's own and the project's environments it is not live in, rollback where newer is live", () => {
    expect(
      activationTargets({ number: 4, environment: "beta", liveIn: [], branch: "main" }, environments),
    ).toEqual([
      { environment: "beta", rollback: false },
      { environment: "production", rollback: false },
      { environment: "staging", rollback: true },
    ]);
    expect(
      activationTargets(
        { number: 3, environment: "production", liveIn: ["production"], branch: "main" },
        environments,
      ),
    ).toEqual([{ environment: "staging", rollback: true }]);
  });

  it("never offers production for a branch's release, nor suggests it for one", () => {
    expect(
      activationTargets({ number: 6, environment: "qa", liveIn: [], branch: "feature/x" }, environments),
    ).toEqual([
      { environment: "qa", rollback: false },
      { environment: "staging", rollback: false },
    ]);
    expect(environmentSuggestions({ environments }, "feature/x")).toEqual(["staging"]);
    expect(releaseSource({ branch: "feature/x" })).toBe("branch feature/x");
    expect(releaseSource({ branch: "main" })).toBe("main");
  });

  it("suggests production and staging first, then the project's own names, once each", () => {
    expect(
      environmentSuggestions({
        environments: [
          ...environments,
          { name: "beta-2", releaseNumber: 1, updatedAt: "", manifestPath: "" },
        ],
      }),
    ).toEqual(["production", "staging", "beta-2"]);
  });
});

describe("i18nextSetup", () => {
  it("fills in this server, the distribution and the project, and bundles each language by a JavaScript name", () => {
    const code = i18nextSetup({
      origin: "https://sprog.example.com",
      distributionId: "d".repeat(32),
      projectId: "p1",
      languages: ["en", "zh-Hans"],
    });
    expect(code).toContain('import zh_Hans from "./locales/zh-Hans.json";');
    // Each language's file is its default namespace, as the backend reads bundled[language][namespace].
    expect(code).toContain('bundled: { en: { translation: en }, "zh-Hans": { translation: zh_Hans } },');
    expect(code).toContain("keySeparator: false,");
    expect(code).toContain(`distribution: "${"d".repeat(32)}",`);
    expect(code).toContain(
      'sprogInContext(i18next, { url: "https://sprog.example.com", projectId: "p1", enabled: import.meta.env.DEV });',
    );
  });
});
