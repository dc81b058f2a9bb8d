import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { PrerenderingContext } from "../lib/prerendering.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { routes } from "../router.tsx";

export { PRERENDERED_PAGES } from "./prerender-paths.ts";

/**
 * A public page's markup, as the app renders it, for the build (scripts/vite/prerender.ts) to write
 * into that page's HTML. The app replaces it when it starts, so nothing here needs to hydrate.
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, "http://prerender.invalid")));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <PrerenderingContext value={true}>
        <QueryClientProvider client={createQueryClient()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </PrerenderingContext>
    </StrictMode>,
  );
}
