import { describe, expect, it } from "vitest";
import { detectPlaceholders, type Placeholder } from "./detect.ts";

/** kind:raw[:name][#index][=type] — compact enough for tables. */
function show(placeholder: Placeholder): string {
  let out = `${placeholder.kind}:${placeholder.raw}`;
  if (placeholder.name !== undefined) out += `:${placeholder.name}`;
  if (placeholder.index !== undefined) out += `#${placeholder.index}`;
  if (placeholder.type !== undefined) out += `=${placeholder.type}`;
  return out;
}

const detect = (text: string) => detectPlaceholders(text).map(show);

describe("detectPlaceholders: the formats of spec point 5", () => {
  it.each<[string, string[]]>([
    ["Hello {name}!", ["icu:{name}:name"]],
    ["{count, number} items", ["icu:{count, number}:count=number"]],
    ["on {day, date}", ["icu:{day, date}:day=date"]],
    ["{label, text}", ["icu:{label, text}:label=text"]],
    ["{ratio, float}%", ["icu:{ratio, float}:ratio=float"]],
    [
      "{d, date, short} {p, number, ::currency/EUR}",
      ["icu:{d, date, short}:d=date", "icu:{p, number, ::currency/EUR}:p=number"],
    ],
    ["Hello [name]", ["bracket:[name]:name"]],
    ["[count:number] left", ["bracket:[count:number]:count=number"]],
    ["%@ and %d", ["printf:%@#1=@", "printf:%d#2=d"]],
    ["%f %i", ["printf:%f#1=f", "printf:%i#2=i"]],
    ["%s %u %x", ["printf:%s#1=s", "printf:%u#2=u", "printf:%x#3=x"]],
    ["%ld %lld %zu", ["printf:%ld#1=ld", "printf:%lld#2=lld", "printf:%zu#3=zu"]],
    ["%.2f %5d %-3s %05.1f", ["printf:%.2f#1=f", "printf:%5d#2=d", "printf:%-3s#3=s", "printf:%05.1f#4=f"]],
    ["%1$s %2$@ %1$d", ["printf:%1$s#1=s", "printf:%2$@#2=@", "printf:%1$d#1=d"]],
    ["[%1$s] [%2$d]", ["bracket-printf:[%1$s]#1=s", "bracket-printf:[%2$d]#2=d"]],
    ["[%s]", ["bracket-printf:[%s]#1=s"]],
    ["Hi [%name$s], [%n$d]", ["lokalise:[%name$s]:name=s", "lokalise:[%n$d]:n=d"]],
    ["[%s:name]", ["lokalise:[%s:name]:name=s"]],
  ])("%j", (text, expected) => {
    expect(detect(text)).toEqual(expected);
  });
});

describe("detectPlaceholders: syntaxes of the corpus", () => {
  it.each<[string, string[]]>([
    ["Hi {{name}}", ["mustache:{{name}}:name"]],
    ["{{count, number}} {{- html}}", ["mustache:{{count, number}}:count", "mustache:{{- html}}:html"]],
    ["%{count} hours", ["ruby:%{count}:count"]],
    ["%<count>d hours", ["ruby:%<count>d:count=d"]],
    ["%(sel)s of %(cnt)s", ["python:%(sel)s:sel=s", "python:%(cnt)s:cnt=s"]],
    ["in %minutes% minutes", ["symfony:%minutes%:minutes"]],
    ["%#@files@ left", ["stringsdict:%#@files@:files"]],
    ["{user.name} {a-b}", ["icu:{user.name}:user.name", "icu:{a-b}:a-b"]],
    ["{{user.name}}", ["mustache:{{user.name}}:user.name"]],
    ["{0} and {1}", ["icu:{0}:0", "icu:{1}:1"]],
  ])("%j", (text, expected) => {
    expect(detect(text)).toEqual(expected);
  });
});

describe("detectPlaceholders: ICU structure", () => {
  it("reports a plural block, its # and the arguments of its branches", () => {
    expect(detect("{x} {x, plural, one {# record of {y}} other {# records}}")).toEqual([
      "icu:{x}:x",
      "icu-plural:{x, plural, one {# record of {y}} other {# records}}:x=plural",
      "icu-pound:#:x",
      "icu:{y}:y",
      "icu-pound:#:x",
    ]);
  });

  it("reports select and selectordinal blocks", () => {
    expect(detect("{g, select, male {he} other {they}}")).toEqual([
      "icu-select:{g, select, male {he} other {they}}:g=select",
    ]);
    expect(detect("{n, selectordinal, one {#st} other {#th}}")).toEqual([
      "icu-plural:{n, selectordinal, one {#st} other {#th}}:n=selectordinal",
      "icu-pound:#:n",
      "icu-pound:#:n",
    ]);
  });

  it("finds other syntaxes inside ICU literals and branches", () => {
    expect(detect("{n, plural, one {[name] has %d} other {%{who}}}")).toEqual([
      "icu-plural:{n, plural, one {[name] has %d} other {%{who}}}:n=plural",
      "bracket:[name]:name",
      "printf:%d#1=d",
      "ruby:%{who}:who",
    ]);
  });

  it("keeps mustaches and ICU blocks apart in one text", () => {
    expect(detect("{{a}} {x, select, m {he} other {they}}")).toEqual([
      "mustache:{{a}}:a",
      "icu-select:{x, select, m {he} other {they}}:x=select",
    ]);
  });

  it("honours ICU quoting but reads an unclosed apostrophe as an apostrophe", () => {
    expect(detect("'{name}' is literal")).toEqual([]);
    expect(detect("It''s {x}")).toEqual(["icu:{x}:x"]);
    expect(detect("l'{x} est là")).toEqual(["icu:{x}:x"]);
  });

  it("falls back to plain scanning for text that is not ICU", () => {
    expect(detect("unbalanced { {name} and }")).toEqual(["icu:{name}:name"]);
    expect(detect("{name} }")).toEqual(["icu:{name}:name"]);
  });

  it("reports offsets that slice back to raw", () => {
    const text = "a {x} b {{y}} c %1$s d {n, plural, one {# [z]} other {x}} e %{w}";
    for (const placeholder of detectPlaceholders(text)) {
      expect(text.slice(placeholder.start, placeholder.end)).toBe(placeholder.raw);
    }
  });
});

describe("detectPlaceholders: what is not a placeholder", () => {
  it.each([
    "100%% done",
    "100% done",
    "50% off",
    "%Y-%m-%H:%M",
    "%B %b %A %z %S",
    "%n",
    "plain text",
    "[not a name]",
    "[]",
    "{}",
    "{ }",
    "%",
    "a % b",
    "yyyy-MM-dd HH:mm",
    "email@example.com",
  ])("%j", (text) => {
    expect(detect(text)).toEqual([]);
  });

  it("reads printf-shaped strftime parts as printf (documented choice)", () => {
    expect(detect("%Y-%m-%d")).toEqual(["printf:%d#1=d"]);
  });

  it("reads %% before a conversion as a literal percent", () => {
    expect(detect("%%d %%s %%{x}")).toEqual(["icu:{x}:x"]);
    expect(detect("%d%%")).toEqual(["printf:%d#1=d"]);
  });

  it("prefers printf over Symfony for printf-shaped names", () => {
    expect(detect("%ld%% of %d%")).toEqual(["printf:%ld#1=ld", "printf:%d#2=d"]);
  });
});
