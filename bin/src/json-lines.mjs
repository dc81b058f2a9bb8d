/**
 * JSON.parse that also tells on which line each value starts, so a config error can say
 * "sprog.config.json line 4: files[0].format …". Paths are written as the messages show them:
 * `files[0].format`.
 */
export function parseWithLines(text) {
  const lines = new Map();
  let at = 0;
  let line = 1;

  const fail = (message) => {
    const error = new SyntaxError(message);
    error.line = line;
    throw error;
  };
  const skip = () => {
    while (at < text.length) {
      const char = text[at];
      if (char === "\n") line++;
      else if (char !== " " && char !== "\t" && char !== "\r") break;
      at++;
    }
  };
  const expect = (char) => {
    skip();
    if (text[at] !== char) fail(`expected "${char}" but found ${describe()}`);
    at++;
  };
  const describe = () => (at >= text.length ? "the end of the file" : `"${text[at]}"`);

  const string = () => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') {
      if (text[at] === "\n") fail("a string must end on its own line");
      at += text[at] === "\\" ? 2 : 1;
    }
    if (at >= text.length) fail("a string is not closed");
    at++;
    return JSON.parse(text.slice(start, at));
  };

  const value = (path) => {
    skip();
    lines.set(path, line);
    const char = text[at];
    if (char === "{") {
      at++;
      const object = {};
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
      const array = [];
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
    if (!literal) fail(`expected a value but found ${describe()}`);
    at += literal[0].length;
    return JSON.parse(literal[0]);
  };

  const result = value("");
  skip();
  if (at < text.length) fail(`found ${describe()} after the end of the JSON`);
  return { value: result, lines };
}

/** The line a path's value starts on, or of its nearest parent that has one. */
export function lineOf(lines, path) {
  let current = path;
  while (current) {
    const found = lines.get(current);
    if (found !== undefined) return found;
    current = current.replace(/(\.?[^.[\]]+|\[\d+\])$/, "");
  }
  return lines.get("") ?? 1;
}
