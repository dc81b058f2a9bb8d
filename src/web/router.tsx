import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { AppLayout } from "./pages/app/app-layout.tsx";
import { OverviewPage } from "./pages/app/overview-page.tsx";
import { ReviewDetailPage } from "./pages/app/review-detail-page.tsx";
import { ReviewsPage } from "./pages/app/reviews-page.tsx";
import { TeamPage } from "./pages/app/team-page.tsx";
import { TonePage } from "./pages/app/tone-page.tsx";
import { ChoosePlanPage } from "./pages/choose-plan-page.tsx";
import { CreateTeamPage } from "./pages/create-team-page.tsx";
import { LandingPage } from "./pages/landing-page.tsx";
import { LoginPage } from "./pages/login-page.tsx";
import { RouteErrorPage } from "./pages/route-error-page.tsx";
import { SignupPage } from "./pages/signup-page.tsx";
import { StyleGuidePage } from "./pages/style-guide-page.tsx";
import { UserInfoPage } from "./pages/user-info-page.tsx";
import { VerifyPage } from "./pages/verify-page.tsx";

const toOverview = <Navigate to="/app/overview" replace />;

/** The routes of spec point 2. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: "/", element: <LandingPage /> },
      { path: "/login", element: <LoginPage /> },
      { path: "/signup", element: <SignupPage /> },
      { path: "/verify", element: <VerifyPage /> },
      { path: "/user-info", element: <UserInfoPage /> },
      { path: "/create-team", element: <CreateTeamPage /> },
      { path: "/choose-plan", element: <ChoosePlanPage /> },
      { path: "/style-guide", element: <StyleGuidePage /> },
      // The spec also calls the overview "/overview".
      { path: "/overview", element: toOverview },
      {
        path: "/app",
        element: <AppLayout />,
        children: [
          { index: true, element: toOverview },
          { path: "overview", element: <OverviewPage /> },
          { path: "reviews", element: <ReviewsPage /> },
          { path: "review/:reviewId", element: <ReviewDetailPage /> },
          { path: "team", element: <TeamPage /> },
          { path: "tone", element: <TonePage /> },
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
