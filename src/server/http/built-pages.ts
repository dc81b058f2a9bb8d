import { existsSync } from "node:fs";
import { join } from "node:path";

/**
 * The built HTML page for a client route. The build writes `app.html` for the signed-in area (it
 * names the area's code so the browser fetches it with the entry); everything else, and a build
 * without it, gets `index.html`.
 */
export function pageFor(root: string, path: string): string {
  if (path === "/app" || path.startsWith("/app/")) {
    const app = join(root, "app.html");
    if (existsSync(app)) return app;
  }
  return join(root, "index.html");
}
