/** Types of glob.mjs, for its tests. */
export declare function expandBraces(pattern: string): string[];
export declare function globRegex(pattern: string): RegExp;
export declare function glob(root: string, pattern: string): string[];
