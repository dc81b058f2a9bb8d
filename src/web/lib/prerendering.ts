import { createContext, useContext } from "react";

/**
 * True while the build renders a public page to HTML (src/web/prerender). What depends on this
 * browser (the cookie banner's stored answer) waits for the app to start, rather than be written
 * into the page every visitor gets.
 */
export const PrerenderingContext = createContext(false);

export const usePrerendering = () => useContext(PrerenderingContext);
