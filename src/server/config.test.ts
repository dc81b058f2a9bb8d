import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, configSchema, loadConfig } from "./config.ts";

describe("config", () => {
  it("has working defaults for a fresh clone", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.AI_MODEL).toBe("gpt-4o-mini");
    expect(config.MAX_UPLOAD_MB).toBe(20);
  });

  it("stops on a bad PORT, naming it", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT/);
  });

  it("stops on a DATABASE_URL that is not PostgreSQL, naming it", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://localhost/x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: "postgres://u@h:5432/db" }).DATABASE_URL).toBe(
      "postgres://u@h:5432/db",
    );
  });

  it("treats empty values as unset and trims the public URL", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
    expect(loadConfig({ PUBLIC_URL: "https://sprog.example.com/" }).publicUrl).toBe(
      "https://sprog.example.com",
    );
  });

  it("names every bad variable at once", () => {
    try {
      loadConfig({ PORT: "x", SMTP_URL: "http://mail", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/SMTP_URL/);
      expect((error as Error).message).toMatch(/LOG_LEVEL/);
    }
  });

  it("limits invites, mention e-mails and AI requests by default, and takes other whole positive limits", () => {
    expect(loadConfig({})).toMatchObject({
      INVITES_PER_HOUR_PER_USER: 50,
      INVITES_PER_DAY_PER_TEAM: 200,
      INVITES_PER_DAY_PER_ADDRESS: 3,
      MENTION_EMAILS_PER_10_MINUTES_PER_THREAD_RECIPIENT: 1,
      MENTION_EMAILS_PER_HOUR_PER_AUTHOR: 20,
      AI_REQUESTS_PER_MINUTE_PER_USER: 30,
      AI_REQUESTS_PER_HOUR_PER_USER: 300,
      AI_REQUESTS_PER_HOUR_PER_TEAM: 1000,
    });
    expect(loadConfig({ AI_REQUESTS_PER_HOUR_PER_TEAM: "5000" }).AI_REQUESTS_PER_HOUR_PER_TEAM).toBe(5000);
    // 0 would not mean "unlimited" but "nothing at all": refused rather than guessed.
    for (const value of ["0", "-1", "2.5", "many"]) {
      expect(() => loadConfig({ INVITES_PER_DAY_PER_ADDRESS: value })).toThrow(/INVITES_PER_DAY_PER_ADDRESS/);
    }
  });

  it("sets no monthly AI token limit unless one is given, and takes only a whole positive one", () => {
    expect(loadConfig({}).AI_MONTHLY_TOKEN_LIMIT).toBeUndefined();
    expect(loadConfig({ AI_MONTHLY_TOKEN_LIMIT: "" }).AI_MONTHLY_TOKEN_LIMIT).toBeUndefined();
    expect(loadConfig({ AI_MONTHLY_TOKEN_LIMIT: "1000000" }).AI_MONTHLY_TOKEN_LIMIT).toBe(1_000_000);
    for (const value of ["0", "-5", "1.5", "lots"]) {
      expect(() => loadConfig({ AI_MONTHLY_TOKEN_LIMIT: value })).toThrow(/AI_MONTHLY_TOKEN_LIMIT/);
    }
  });

  it("leaves billing off by default, with a 14-day trial ready", () => {
    const config = loadConfig({});
    expect(config.BILLING_PROVIDER).toBeUndefined();
    expect(config.BILLING_TRIAL_DAYS).toBe(14);
  });

  it("wants both Stripe secrets with BILLING_PROVIDER=stripe, naming the missing ones", () => {
    expect(() => loadConfig({ BILLING_PROVIDER: "stripe" })).toThrow(ConfigError);
    try {
      loadConfig({ BILLING_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1" });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(
        /STRIPE_WEBHOOK_SECRET: required when BILLING_PROVIDER=stripe/,
      );
      expect((error as Error).message).not.toMatch(/STRIPE_SECRET_KEY/);
    }
    const config = loadConfig({
      BILLING_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
      BILLING_TRIAL_DAYS: "0",
    });
    expect(config.BILLING_PROVIDER).toBe("stripe");
    expect(config.BILLING_TRIAL_DAYS).toBe(0);
  });

  it("stops on an unknown BILLING_PROVIDER, a bad trial length or a non-http STRIPE_API_BASE", () => {
    expect(() => loadConfig({ BILLING_PROVIDER: "paypal" })).toThrow(/BILLING_PROVIDER/);
    expect(() => loadConfig({ BILLING_TRIAL_DAYS: "-1" })).toThrow(/BILLING_TRIAL_DAYS/);
    expect(() => loadConfig({ STRIPE_API_BASE: "ftp://stripe" })).toThrow(/STRIPE_API_BASE/);
  });
});

describe("webhook settings", () => {
  it("refuses private webhook addresses by default, retries from a minute and turns a hook off after 10 failures", () => {
    const config = loadConfig({});
    expect(config.WEBHOOK_ALLOW_PRIVATE).toBe("0");
    expect(config.WEBHOOK_RETRY_BASE_MS).toBe(60_000);
    expect(config.WEBHOOK_DISABLE_AFTER_FAILURES).toBe(10);
    const tests = loadConfig({ WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_RETRY_BASE_MS: "20" });
    expect(tests.WEBHOOK_ALLOW_PRIVATE).toBe("1");
    expect(tests.WEBHOOK_RETRY_BASE_MS).toBe(20);
  });

  it("stops on a WEBHOOK_ALLOW_PRIVATE other than 0 or 1 and on a zero failure limit", () => {
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: "yes" })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
    expect(() => loadConfig({ WEBHOOK_DISABLE_AFTER_FAILURES: "0" })).toThrow(
      /WEBHOOK_DISABLE_AFTER_FAILURES/,
    );
  });
});

describe("the README's configuration table", () => {
  it("names every variable the server reads", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const section = readme.slice(
      readme.indexOf("## Configuration"),
      readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1),
    );
    const missing = Object.keys(configSchema.shape).filter(
      (name) => !["NODE_ENV"].includes(name) && !section.includes(`\`${name}\``),
    );
    expect(missing).toEqual([]);
  });
});
