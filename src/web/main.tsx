import "@fontsource-variable/inter";
import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Toaster } from "./components/ui/toaster.tsx";
import { queryClient } from "./lib/query-client.ts";
import { createAppRouter } from "./router.tsx";

const router = createAppRouter();
const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

/**
 * A page the build rendered (src/web/prerender) stays on screen until its route's code has loaded,
 * so the app replaces it with the same page rather than with a loading screen in between.
 */
function routeLoaded(): Promise<void> {
  if (!container?.hasChildNodes() || router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// Not a top-level await: that would make the bundler add a runtime file to every page.
void routeLoaded().then(() =>
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
