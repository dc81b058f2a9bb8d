import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** Extensions every PGlite of Sprog loads (the migrations create them): pg_trgm for search and memory. */
export const pgliteExtensions = { pg_trgm };
