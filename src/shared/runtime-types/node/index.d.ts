// Empty on purpose. Some libraries that shared code uses ship typings with
// `/// <reference types="node" />` (papaparse, through it undici), which would make Node's globals
// (Buffer, process, setTimeout…) visible to all of src/shared. src/shared/tsconfig.json lists this
// folder as its only type root, so that reference lands here and shared code cannot use Node's
// globals without a type error. The libraries' own typings are not checked (skipLibCheck).
export {};
