import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { PageLoading } from "./components/ui/page-loading.tsx";
import { WithCookieBanner } from "./features/public-site/components/with-cookie-banner.tsx";
import { RouteErrorPage } from "./pages/route-error-page.tsx";

/**
 * A route whose page module loads on first visit. The entry bundle holds no page, so a visitor of
 * `/` downloads none of the /app area (react-router loads the matched routes' modules in
 * parallel, and keeps the current page on screen meanwhile).
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const toOverview = <Navigate to="/app/overview" replace />;

/** The routes of spec point 2. */
export const routes: RouteObject[] = [
  {
    // Spec point 2: the cookie banner on every page until answered, the error page included.
    element: <WithCookieBanner />,
    errorElement: (
      <WithCookieBanner>
        <RouteErrorPage />
      </WithCookieBanner>
    ),
    // Shown while the first page's module loads when the app opens on a lazy route.
    hydrateFallbackElement: <PageLoading />,
    children: [
      // Lazy too: the page is rendered at build time (src/web/prerender), so a visitor reads it
      // before any script, and a signed-in visit to /app does not carry its code.
      {
        path: "/",
        lazy: lazyPage(
          () => import("./pages/landing-page.tsx"),
          (m) => m.LandingPage,
        ),
      },
      // No pages of their own: they land on the matching landing section.
      { path: "/features", element: <Navigate to={{ pathname: "/", hash: "#writers" }} replace /> },
      { path: "/pricing", element: <Navigate to={{ pathname: "/", hash: "#pricing" }} replace /> },
      {
        path: "/terms-conditions",
        lazy: lazyPage(
          () => import("./pages/terms-page.tsx"),
          (m) => m.TermsPage,
        ),
      },
      {
        path: "/cookie-policy",
        lazy: lazyPage(
          () => import("./pages/cookie-policy-page.tsx"),
          (m) => m.CookiePolicyPage,
        ),
      },
      {
        path: "/about",
        lazy: lazyPage(
          () => import("./pages/about-page.tsx"),
          (m) => m.AboutPage,
        ),
      },
      // featureId is optional: /docs shows the introduction.
      {
        path: "/docs/:featureId?",
        lazy: lazyPage(
          () => import("./pages/docs-page.tsx"),
          (m) => m.DocsPage,
        ),
      },
      {
        path: "/login",
        lazy: lazyPage(
          () => import("./pages/login-page.tsx"),
          (m) => m.LoginPage,
        ),
      },
      {
        path: "/signup",
        lazy: lazyPage(
          () => import("./pages/signup-page.tsx"),
          (m) => m.SignupPage,
        ),
      },
      {
        path: "/verify",
        lazy: lazyPage(
          () => import("./pages/verify-page.tsx"),
          (m) => m.VerifyPage,
        ),
      },
      {
        path: "/user-info",
        lazy: lazyPage(
          () => import("./pages/user-info-page.tsx"),
          (m) => m.UserInfoPage,
        ),
      },
      {
        path: "/create-team",
        lazy: lazyPage(
          () => import("./pages/create-team-page.tsx"),
          (m) => m.CreateTeamPage,
        ),
      },
      {
        path: "/choose-plan",
        lazy: lazyPage(
          () => import("./pages/choose-plan-page.tsx"),
          (m) => m.ChoosePlanPage,
        ),
      },
      // The link mailed to a new e-mail address (Edit Profile): works signed in or not.
      {
        path: "/confirm-email",
        lazy: lazyPage(
          () => import("./pages/confirm-email-page.tsx"),
          (m) => m.ConfirmEmailPage,
        ),
      },
      {
        path: "/style-guide",
        lazy: lazyPage(
          () => import("./pages/style-guide-page.tsx"),
          (m) => m.StyleGuidePage,
        ),
      },
      // In-context editing (issue 37): the popup an app's page opens to get a token. Signed in, but
      // without the app's chrome: a card of its own.
      {
        path: "/in-context/connect",
        lazy: lazyPage(
          () => import("./pages/in-context-connect-page.tsx"),
          (m) => m.InContextConnectPage,
        ),
      },
      // The spec also calls the overview "/overview".
      { path: "/overview", element: toOverview },
      {
        path: "/app",
        lazy: lazyPage(
          () => import("./pages/app/app-layout.tsx"),
          (m) => m.AppLayout,
        ),
        children: [
          { index: true, element: toOverview },
          {
            path: "overview",
            lazy: lazyPage(
              () => import("./pages/app/overview-page.tsx"),
              (m) => m.OverviewPage,
            ),
          },
          {
            path: "reviews",
            lazy: lazyPage(
              () => import("./pages/app/reviews-page.tsx"),
              (m) => m.ReviewsPage,
            ),
          },
          {
            path: "review/:reviewId",
            lazy: lazyPage(
              () => import("./pages/app/review-detail-page.tsx"),
              (m) => m.ReviewDetailPage,
            ),
          },
          {
            path: "team",
            lazy: lazyPage(
              () => import("./pages/app/team-page.tsx"),
              (m) => m.TeamPage,
            ),
          },
          {
            path: "tone",
            lazy: lazyPage(
              () => import("./pages/app/tone-page.tsx"),
              (m) => m.TonePage,
            ),
          },
          {
            path: "glossary",
            lazy: lazyPage(
              () => import("./pages/app/glossary-page.tsx"),
              (m) => m.GlossaryPage,
            ),
          },
          {
            path: "activity",
            lazy: lazyPage(
              () => import("./pages/app/activity-page.tsx"),
              (m) => m.ActivityPage,
            ),
          },
          {
            path: "releases",
            lazy: lazyPage(
              () => import("./pages/app/releases-page.tsx"),
              (m) => m.ReleasesPage,
            ),
          },
          {
            path: "branches",
            lazy: lazyPage(
              () => import("./pages/app/branches-page.tsx"),
              (m) => m.BranchesPage,
            ),
          },
          {
            path: "branches/:branchId",
            lazy: lazyPage(
              () => import("./pages/app/branch-merge-page.tsx"),
              (m) => m.BranchMergePage,
            ),
          },
          { path: "translations", element: toOverview },
          { path: "dashboard", element: toOverview },
          { path: "*", element: toOverview },
        ],
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
