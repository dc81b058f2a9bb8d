/**
 * The dashboard's colours. Each one stands at least 3:1 against white (WCAG 1.4.11 for graphics) and
 * never alone: the bars print their numbers and a legend, the lines differ in dash too, and every
 * chart has a table with the same numbers.
 */
export const STATE_COLORS = {
  approved: "#147a3a",
  translated: "#4f46e5",
  unverified: "#a94f08",
  /** Missing is the bar's empty track: light, with a border so its end stays visible. */
  missing: "#e4e4e7",
} as const;

/** One per language line, in turn; the dash tells lines apart where colours look alike. */
export const LINE_STYLES: readonly { color: string; dash: number[] }[] = [
  { color: "#4f46e5", dash: [] },
  { color: "#147a3a", dash: [8, 4] },
  { color: "#a94f08", dash: [2, 3] },
  { color: "#be185d", dash: [10, 3, 2, 3] },
  { color: "#0e7490", dash: [4, 4] },
  { color: "#52525b", dash: [12, 2] },
];

export const lineStyle = (index: number) =>
  LINE_STYLES[index % LINE_STYLES.length] ?? { color: "#4f46e5", dash: [] };

/** An SVG stroke-dasharray of a line style. */
export const dashArray = (dash: readonly number[]) => (dash.length > 0 ? dash.join(" ") : undefined);
