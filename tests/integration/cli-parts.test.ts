import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { glob } from "../../src/cli/glob.ts";
import {
  androidLang,
  fromAndroidLang,
  languagesOnDisk,
  pathFor,
  zipEntryLanguage,
} from "../../src/cli/paths.ts";
import { keyUsages } from "../../src/shared/code-keys/key-usages.ts";

// The parts of the CLI that need no server: which keys `sprog check` sees in code, its glob
// (tinyglobby, bundled: Node 20 has no fs.glob), and where each language's file of a mapping is.
const keys = (text: string, extra: RegExp[] = []) => keyUsages(text, extra).map((usage) => usage.key);

describe("the key usages sprog check finds", () => {
  it("i18next t() and i18nKey, vue-i18n $t, with either quote", () => {
    const code = [
      'const title = t("home.title");',
      "const body = i18n.t('home.body', { count });",
      '<Trans i18nKey="home.trans" />',
      "<span>{{ $t('vue.badge') }}</span>",
      "const no = format('not.a.key'); const also = alert(\"nope\");",
      // A key built at run time, written with the template's `$` and `{` apart so this is plain text.
      `t(\`dynamic.$\{name}\`); t(\`static.template\`);`,
    ].join("\n");
    expect(keys(code).sort()).toEqual(
      ["home.body", "home.title", "home.trans", "static.template", "vue.badge"].sort(),
    );
  });

  it("react-intl: <FormattedMessage id>, and id: only in files that use react-intl", () => {
    const intl = [
      'import { defineMessages, FormattedMessage } from "react-intl";',
      "const messages = defineMessages({ greeting: { id: 'app.greeting', defaultMessage: 'Hi' } });",
      '<FormattedMessage id="app.farewell" defaultMessage="Bye" />',
    ].join("\n");
    expect(keys(intl).sort()).toEqual(["app.farewell", "app.greeting"]);
    expect(keys("const user = { id: 'user-1', name: 'Ada' };")).toEqual([]);
  });

  it("Android R.string and @string, iOS NSLocalizedString and String(localized:)", () => {
    const android = 'getString(R.string.welcome_title)\n<TextView android:text="@string/sign_in" />';
    expect(keys(android)).toEqual(["welcome_title", "sign_in"]);
    const ios = [
      'label.text = NSLocalizedString("settings.title", comment: "")',
      'let text = String(localized: "say \\"hi\\"")',
      '[NSString stringWithFormat:NSLocalizedString(@"objc.key", nil)]',
    ].join("\n");
    expect(keys(ios)).toEqual(["settings.title", "objc.key", 'say "hi"']);
  });

  it("configured patterns, with the line of each usage", () => {
    const found = keyUsages('line one\n  tr("custom.key")\n', [/tr\("([^"]+)"\)/g]);
    expect(found).toEqual([{ key: "custom.key", line: 2 }]);
  });
});

describe("glob", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "sprog-glob-"));
    for (const file of [
      "src/a.ts",
      "src/b.tsx",
      "src/deep/c.ts",
      "src/deep/d.css",
      "index.ts",
      "node_modules/x/e.ts",
    ]) {
      await mkdir(dirname(join(root, file)), { recursive: true });
      await writeFile(join(root, file), "");
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("knows **, *, ? and {a,b}, and skips node_modules", () => {
    expect(glob(root, "src/*.{ts,tsx}")).toEqual(["src/a.ts", "src/b.tsx"]);
    expect(glob(root, "src/**/*.{ts,tsx}")).toEqual(["src/a.ts", "src/b.tsx", "src/deep/c.ts"]);
    expect(glob(root, "src/*.ts")).toEqual(["src/a.ts"]);
    expect(glob(root, "**/?.ts")).toEqual(["src/a.ts", "src/deep/c.ts"]);
    expect(glob(root, "./index.ts")).toEqual(["index.ts"]);
  });
});

describe("the files of a mapping", () => {
  it("writes Android qualifiers, the source language in values/", () => {
    expect(androidLang("de")).toBe("de");
    expect(androidLang("pt-BR")).toBe("pt-rBR");
    expect(androidLang("zh-Hans-CN")).toBe("b+zh+Hans+CN");
    expect(fromAndroidLang("pt-rBR")).toBe("pt-BR");
    expect(fromAndroidLang("b+zh+Hans+CN")).toBe("zh-Hans-CN");
    const android = "app/src/main/res/values-{android_lang}/strings.xml";
    expect(pathFor(android, "en", true)).toBe("app/src/main/res/values/strings.xml");
    expect(pathFor(android, "pt-BR", false)).toBe("app/src/main/res/values-pt-rBR/strings.xml");
    expect(pathFor("ios/{lang}.lproj/Localizable.strings", "de", false)).toBe(
      "ios/de.lproj/Localizable.strings",
    );
  });

  it("tells the language of each entry of the pull API's zip", () => {
    expect(
      ["de.json", "pt-BR.lproj/Localizable.strings", "values-fr/strings.xml"].map(zipEntryLanguage),
    ).toEqual(["de", "pt-BR", "fr"]);
  });

  it("finds the languages whose files are on disk", async () => {
    const root = await mkdtemp(join(tmpdir(), "sprog-langs-"));
    try {
      for (const file of [
        "res/values/strings.xml",
        "res/values-de/strings.xml",
        "res/values-pt-rBR/strings.xml",
      ]) {
        await mkdir(dirname(join(root, file)), { recursive: true });
        await writeFile(join(root, file), "<resources/>");
      }
      expect(languagesOnDisk(root, "res/values-{android_lang}/strings.xml")).toEqual([
        { language: "de", file: "res/values-de/strings.xml" },
        { language: "pt-BR", file: "res/values-pt-rBR/strings.xml" },
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
