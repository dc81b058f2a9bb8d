import type { PluralCategory } from "./types.ts";

/**
 * gettext's `Plural-Forms` header (`nplurals=N; plural=EXPR;`): a table for common languages, a
 * safe evaluator for the C expression, and which CLDR categories each gettext index stands for.
 */

export type Formula = (n: number) => number;

/** Plural-Forms of common languages (by full code, then by primary language; default `n != 1`). */
const PLURAL_FORMS: Readonly<Record<string, string>> = {
  ja: "nplurals=1; plural=0;",
  ko: "nplurals=1; plural=0;",
  zh: "nplurals=1; plural=0;",
  vi: "nplurals=1; plural=0;",
  th: "nplurals=1; plural=0;",
  id: "nplurals=1; plural=0;",
  in: "nplurals=1; plural=0;",
  ms: "nplurals=1; plural=0;",
  km: "nplurals=1; plural=0;",
  lo: "nplurals=1; plural=0;",
  my: "nplurals=1; plural=0;",
  fr: "nplurals=2; plural=(n > 1);",
  pt: "nplurals=2; plural=(n > 1);",
  "pt-pt": "nplurals=2; plural=(n != 1);",
  hi: "nplurals=2; plural=(n > 1);",
  bn: "nplurals=2; plural=(n > 1);",
  si: "nplurals=2; plural=(n > 1);",
  am: "nplurals=2; plural=(n > 1);",
  fa: "nplurals=2; plural=(n > 1);",
  zu: "nplurals=2; plural=(n > 1);",
  hy: "nplurals=2; plural=(n > 1);",
  pa: "nplurals=2; plural=(n > 1);",
  kn: "nplurals=2; plural=(n > 1);",
  gu: "nplurals=2; plural=(n > 1);",
  fil: "nplurals=2; plural=(n % 10 == 4 || n % 10 == 6 || n % 10 == 9);",
  tl: "nplurals=2; plural=(n % 10 == 4 || n % 10 == 6 || n % 10 == 9);",
  is: "nplurals=2; plural=(n % 10 != 1 || n % 100 == 11);",
  mk: "nplurals=2; plural=(n % 10 == 1 && n % 100 != 11 ? 0 : 1);",
  he: "nplurals=3; plural=(n == 1 ? 0 : n == 2 ? 1 : 2);",
  iw: "nplurals=3; plural=(n == 1 ? 0 : n == 2 ? 1 : 2);",
  ru: "nplurals=3; plural=(n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2);",
  uk: "nplurals=3; plural=(n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2);",
  be: "nplurals=3; plural=(n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2);",
  sr: "nplurals=3; plural=(n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2);",
  hr: "nplurals=3; plural=(n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2);",
  bs: "nplurals=3; plural=(n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2);",
  pl: "nplurals=3; plural=(n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2);",
  cs: "nplurals=3; plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);",
  sk: "nplurals=3; plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);",
  lt: "nplurals=3; plural=(n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2);",
  lv: "nplurals=3; plural=(n % 10 == 0 || n % 100 >= 11 && n % 100 <= 19 ? 0 : n % 10 == 1 && n % 100 != 11 ? 1 : 2);",
  ro: "nplurals=3; plural=(n == 1 ? 0 : n == 0 || n % 100 > 0 && n % 100 < 20 ? 1 : 2);",
  sl: "nplurals=4; plural=(n % 100 == 1 ? 0 : n % 100 == 2 ? 1 : n % 100 == 3 || n % 100 == 4 ? 2 : 3);",
  ga: "nplurals=5; plural=(n == 1 ? 0 : n == 2 ? 1 : n > 2 && n < 7 ? 2 : n > 6 && n < 11 ? 3 : 4);",
  mt: "nplurals=5; plural=(n == 1 ? 0 : n == 2 ? 1 : n == 0 || n % 100 >= 3 && n % 100 <= 10 ? 2 : n % 100 >= 11 && n % 100 <= 19 ? 3 : 4);",
  cy: "nplurals=6; plural=(n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n == 3 ? 3 : n == 6 ? 4 : 5);",
  ar: "nplurals=6; plural=(n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n % 100 >= 3 && n % 100 <= 10 ? 3 : n % 100 >= 11 ? 4 : 5);",
};
export const DEFAULT_PLURAL_FORMS = "nplurals=2; plural=(n != 1);";

export function pluralFormsFor(language: string): string {
  const lower = language.toLowerCase().replace(/_/g, "-");
  return PLURAL_FORMS[lower] ?? PLURAL_FORMS[lower.split("-")[0] ?? ""] ?? DEFAULT_PLURAL_FORMS;
}

/** Reads `nplurals=N; plural=EXPR;`; undefined when it is not a usable header. */
export function parsePluralForms(header: string): { nplurals: number; formula: Formula } | undefined {
  const nplurals = Number(/nplurals\s*=\s*(\d+)/.exec(header)?.[1]);
  const expression = /(?:^|[\s;])plural\s*=\s*([^;]+)/.exec(header)?.[1];
  if (!Number.isInteger(nplurals) || nplurals < 1 || nplurals > 6 || expression === undefined)
    return undefined;
  try {
    return { nplurals, formula: compileFormula(expression) };
  } catch {
    return undefined;
  }
}

/**
 * Compiles a Plural-Forms C expression (n, integers, ?:, ||, &&, comparisons, + - * / %, !, parens)
 * into a function, by recursive descent with bounded depth. Throws on anything else.
 */
export function compileFormula(expression: string): Formula {
  if (expression.length > 1000) throw new Error("formula too long");
  const tokens = expression.match(/\s*(\d+|n|\|\||&&|==|!=|<=|>=|[?:<>+\-*/%!()])/gy);
  if (!tokens || tokens.join("").length !== expression.trimEnd().length) throw new Error("bad token");
  const list = tokens.map((token) => token.trim());
  let at = 0;
  let depth = 0;
  const peek = () => list[at];
  const expect = (token: string) => {
    if (list[at] !== token) throw new Error(`expected ${token}`);
    at++;
  };
  const enter = () => {
    if (++depth > 64) throw new Error("formula too deep");
  };

  const binary =
    (next: () => Formula, operators: Record<string, (a: number, b: number) => number>) => (): Formula => {
      let left = next();
      for (let op = peek(); op !== undefined && op in operators; op = peek()) {
        at++;
        const apply = operators[op] as (a: number, b: number) => number;
        const l = left;
        const r = next();
        left = (n) => apply(l(n), r(n));
      }
      return left;
    };
  const primary = (): Formula => {
    const token = peek();
    at++;
    if (token === "n") return (n) => n;
    if (token !== undefined && /^\d+$/.test(token)) {
      const value = Number(token);
      return () => value;
    }
    if (token === "(") {
      enter();
      const inner = ternary();
      expect(")");
      depth--;
      return inner;
    }
    if (token === "!") {
      enter();
      const operand = primary();
      depth--;
      return (n) => (operand(n) === 0 ? 1 : 0);
    }
    if (token === "-") {
      enter();
      const operand = primary();
      depth--;
      return (n) => -operand(n);
    }
    throw new Error(`unexpected ${token ?? "end"}`);
  };
  const multiplicative = binary(primary, {
    "*": (a, b) => a * b,
    "/": (a, b) => {
      if (b === 0) throw new Error("division by zero");
      return Math.trunc(a / b);
    },
    "%": (a, b) => {
      if (b === 0) throw new Error("division by zero");
      return a % b;
    },
  });
  const additive = binary(multiplicative, { "+": (a, b) => a + b, "-": (a, b) => a - b });
  const relational = binary(additive, {
    "<": (a, b) => Number(a < b),
    ">": (a, b) => Number(a > b),
    "<=": (a, b) => Number(a <= b),
    ">=": (a, b) => Number(a >= b),
  });
  const equality = binary(relational, { "==": (a, b) => Number(a === b), "!=": (a, b) => Number(a !== b) });
  const and = binary(equality, { "&&": (a, b) => Number(a !== 0 && b !== 0) });
  const or = binary(and, { "||": (a, b) => Number(a !== 0 || b !== 0) });
  function ternary(): Formula {
    const condition = or();
    if (peek() !== "?") return condition;
    at++;
    enter();
    const yes = ternary();
    expect(":");
    const no = ternary();
    depth--;
    return (n) => (condition(n) !== 0 ? yes(n) : no(n));
  }
  const formula = ternary();
  if (at !== list.length) throw new Error(`unexpected ${list[at]}`);
  // Evaluate once so a division by zero shows now, not later.
  for (let n = 0; n <= 200; n++) formula(n);
  return formula;
}

const SAMPLE_MAX = 1000;

function pluralRules(language: string): Intl.PluralRules {
  try {
    return new Intl.PluralRules(language.replace(/_/g, "-"));
  } catch {
    return new Intl.PluralRules("en");
  }
}

/**
 * Which CLDR categories each gettext index stands for, in the order their first number appears:
 * each category goes to the index most of its numbers (0…1000) get from the formula; `other` goes
 * to the last index when no integer is "other".
 */
export function indexCategories(nplurals: number, formula: Formula, language: string): PluralCategory[][] {
  const rules = pluralRules(language);
  const votes = new Map<PluralCategory, number[]>();
  for (let n = 0; n <= SAMPLE_MAX; n++) {
    const index = formula(n);
    if (!Number.isInteger(index) || index < 0 || index >= nplurals) continue;
    const category = rules.select(n) as PluralCategory;
    const counts = votes.get(category) ?? new Array<number>(nplurals).fill(0);
    counts[index] = (counts[index] ?? 0) + 1;
    votes.set(category, counts);
  }
  const byIndex: PluralCategory[][] = Array.from({ length: nplurals }, () => []);
  for (const [category, counts] of votes) {
    let best = 0;
    counts.forEach((count, index) => {
      if (count > (counts[best] ?? 0)) best = index;
    });
    byIndex[best]?.push(category);
  }
  if (!votes.has("other")) byIndex[nplurals - 1]?.push("other");
  return byIndex;
}
