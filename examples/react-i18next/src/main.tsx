import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import "./i18n.ts";
import "./style.css";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      {/* react-i18next suspends until the first language's texts are loaded. */}
      <Suspense fallback={null}>
        <App />
      </Suspense>
    </StrictMode>,
  );
}
