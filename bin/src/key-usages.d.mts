/** Types of key-usages.mjs, for its tests. */
export declare const BUILT_IN_PATTERNS: readonly { name: string; regex: RegExp; when?: RegExp }[];
export declare function keyUsages(
  text: string,
  extraPatterns?: readonly RegExp[],
): { key: string; line: number }[];
