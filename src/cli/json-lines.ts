/**
 * JSON.parse that also tells on which line each value starts, so a config error can say
 * "sprog.config.json line 4: files[0].format …". Paths are written as the messages show them:
 * `files[0].format`. The map keeps the paths in the order they appear in the file.
 */
export type JsonLines = Map<string, number>;

export type JsonValue = null | boolean | number | string | JsonValue[] | { [name: string]: JsonValue };

/** A syntax error with the line it is on. */
export class JsonLineError extends SyntaxError {
  readonly line: number;

  constructor(message: string, line: number) {
    super(message);
    this.line = line;
  }
}

export function parseWithLines(text: string): { value: JsonValue; lines: JsonLines } {
  const lines: JsonLines = new Map();
  let at = 0;
  let line = 1;

  const fail = (message: string): never => {
    throw new JsonLineError(message, line);
  };
  const skip = () => {
    while (at < text.length) {
      const char = text[at];
      if (char === "\n") line++;
      else if (char !== " " && char !== "\t" && char !== "\r") break;
      at++;
    }
  };
  const describe = () => (at >= text.length ? "the end of the file" : `"${text[at]}"`);
  const expect = (char: string) => {
    skip();
    if (text[at] !== char) fail(`expected "${char}" but found ${describe()}`);
    at++;
  };

  const string = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') {
      if (text[at] === "\n") fail("a string must end on its own line");
      at += text[at] === "\\" ? 2 : 1;
    }
    if (at >= text.length) fail("a string is not closed");
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };

  const value = (path: string): JsonValue => {
    skip();
    lines.set(path, line);
    const char = text[at];
    if (char === "{") {
      at++;
      const object: { [name: string]: JsonValue } = {};
      skip();
      if (text[at] === "}") {
        at++;
        return object;
      }
      for (;;) {
        skip();
        if (text[at] !== '"') fail(`expected a property name in double quotes but found ${describe()}`);
        const keyLine = line;
        const key = string();
        const childPath = path ? `${path}.${key}` : key;
        lines.set(`${childPath}#key`, keyLine);
        expect(":");
        object[key] = value(childPath);
        skip();
        if (text[at] === ",") {
          at++;
          continue;
        }
        if (text[at] === "}") {
          at++;
          return object;
        }
        fail(`expected "," or "}" but found ${describe()}`);
      }
    }
    if (char === "[") {
      at++;
      const array: JsonValue[] = [];
      skip();
      if (text[at] === "]") {
        at++;
        return array;
      }
      for (;;) {
        array.push(value(`${path}[${array.length}]`));
        skip();
        if (text[at] === ",") {
          at++;
          continue;
        }
        if (text[at] === "]") {
          at++;
          return array;
        }
        fail(`expected "," or "]" but found ${describe()}`);
      }
    }
    if (char === '"') return string();
    const literal = /^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(at, at + 40));
    if (!literal) return fail(`expected a value but found ${describe()}`);
    at += literal[0].length;
    return JSON.parse(literal[0]) as JsonValue;
  };

  const result = value("");
  skip();
  if (at < text.length) fail(`found ${describe()} after the end of the JSON`);
  return { value: result, lines };
}

/** The nearest path that has a line: the path itself, or its nearest parent. */
function nearest(lines: JsonLines, path: string): string {
  let current = path;
  while (current) {
    if (lines.has(current)) return current;
    current = current.replace(/(\.?[^.[\]]+|\[\d+\])$/, "");
  }
  return "";
}

/** The line a path's value starts on, or of its nearest parent that has one. */
export function lineOf(lines: JsonLines, path: string): number {
  return lines.get(nearest(lines, path)) ?? 1;
}

/** Where a path's value (or its nearest parent's) comes in the file, for listing problems in file order. */
export function positionOf(lines: JsonLines, path: string): number {
  const found = nearest(lines, path);
  let index = 0;
  for (const key of lines.keys()) {
    if (key === found) return index;
    index++;
  }
  return -1;
}
