/** Types of bin/build.mjs, for the test that keeps the shipped files equal to a fresh build. */
export declare const BANNER: string;
export declare function schemaText(): Promise<string>;
export declare function cliText(): Promise<string>;
