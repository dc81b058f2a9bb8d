import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { CookieBanner } from "./cookie-banner.tsx";

/**
 * The root of every route (and of the error page): the page, then the cookie banner until it is
 * answered. Sitting after the page, the sticky banner rides the bottom of the window while scrolling
 * and rests below the page's end, so nothing stays hidden behind it.
 */
export function WithCookieBanner({ children }: { children?: ReactNode }) {
  return (
    <>
      {children ?? <Outlet />}
      <CookieBanner />
    </>
  );
}
