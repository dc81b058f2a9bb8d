import { describe, expect, it } from "vitest";
import { mergeThreeWay } from "./three-way-merge.ts";

const lines = (...all: string[]) => all.map((line) => `${line}\n`).join("");

describe("mergeThreeWay", () => {
  it("gives the file back when nothing changed, however the file was written", () => {
    const theirs = '/* hand written */\r\n"a"  =  "A";\r\n';
    expect(mergeThreeWay(theirs, lines('"a" = "A";'), lines('"a" = "A";'))).toEqual({
      text: theirs,
      conflicts: 0,
    });
  });

  it("changes only the edited line and keeps the file's own writing elsewhere", () => {
    const theirs = lines("// heading", '"a"  =  "A";', '"b" = "B";', '"c"  =  "C";');
    const base = lines('"a" = "A";', '"b" = "B";', '"c" = "C";');
    const ours = lines('"a" = "A";', '"b" = "Bee";', '"c" = "C";');
    expect(mergeThreeWay(theirs, base, ours)).toEqual({
      text: lines("// heading", '"a"  =  "A";', '"b" = "Bee";', '"c"  =  "C";'),
      conflicts: 0,
    });
  });

  it("adds and removes lines where the project added and removed them", () => {
    const theirs = lines("{", '    "a": "A",', '    "b": "B"', "}");
    const base = lines("{", '  "a": "A",', '  "b": "B"', "}");
    const ours = lines("{", '  "a": "A",', '  "b": "B",', '  "c": "C"', "}");
    // The file indents its own way, and the project changed a line in that stretch: ours is taken
    // for the stretch (the lines the file changed next to it), the rest stays the file's.
    expect(mergeThreeWay(theirs, base, ours)).toEqual({
      text: lines("{", '  "a": "A",', '  "b": "B",', '  "c": "C"', "}"),
      conflicts: 1,
    });
    const removed = mergeThreeWay(lines("x", "y", "z"), lines("x", "y", "z"), lines("x", "z"));
    expect(removed).toEqual({ text: lines("x", "z"), conflicts: 0 });
  });

  it("keeps CRLF line ends and a byte order mark on the lines it writes", () => {
    const theirs = "\uFEFFa=1\r\nb=2\r\n";
    expect(mergeThreeWay(theirs, "a=1\nb=2\n", "a=1\nb=3\nc=4\n")?.text).toBe("\uFEFFa=1\r\nb=3\r\nc=4\r\n");
  });

  it("applies changes at the start and at the end of a file without a last line end", () => {
    expect(mergeThreeWay("A\nb\nc", "a\nb\nc", "a\nb\nC")?.text).toBe("A\nb\nC");
    expect(mergeThreeWay("a\nb\nc", "a\nb\nc", "z\na\nb\nc")?.text).toBe("z\na\nb\nc");
  });

  it("merges many scattered edits in a long file", () => {
    const base = Array.from({ length: 5000 }, (_, i) => `k${i}=v${i}\n`);
    const theirs = base.map((line, i) => (i % 7 === 0 ? `# note ${i}\n${line}` : line));
    const ours = base.map((line, i) => (i % 500 === 3 ? `k${i}=changed\n` : line));
    const expected = base
      .map((line, i) => (i % 500 === 3 ? `k${i}=changed\n` : line))
      .map((line, i) => (i % 7 === 0 ? `# note ${i}\n${line}` : line));
    expect(mergeThreeWay(theirs.join(""), base.join(""), ours.join(""))).toEqual({
      text: expected.join(""),
      conflicts: 0,
    });
  });

  it("gives up (undefined) when the file and the base are too far apart to merge", () => {
    const base = Array.from({ length: 6000 }, (_, i) => `line ${i}\n`).join("");
    const theirs = Array.from({ length: 6000 }, (_, i) => `other ${i}\n`).join("");
    expect(mergeThreeWay(theirs, base, `${base}new\n`)).toBeUndefined();
  });
});
