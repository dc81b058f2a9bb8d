// The embedded database thread's entry. The server runs its TypeScript through tsx (npm start,
// tests), and a worker thread does not always inherit that loader (vitest starts none), so it is
// registered here, scoped to the worker's own module graph.
import { tsImport } from "tsx/esm/api";

await tsImport("./pglite-thread.ts", import.meta.url);
