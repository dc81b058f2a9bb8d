import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import type { Me } from "../../shared/schemas/auth.ts";
import { Button } from "../components/ui/button.tsx";
import { PageLoading } from "../components/ui/page-loading.tsx";
import { useMe } from "./session.ts";
import { isSignupInProgress, rememberReturnTo } from "./storage-keys.ts";

/**
 * The signed-in pages that exist: /app's and the in-context editing popup (issue 37); anything else
 * under /app is unknown (spec point 2).
 */
const KNOWN_APP_PATHS = [
  /^\/app\/?$/,
  /^\/app\/(overview|reviews|releases|branches|team|tone|glossary|activity|translations|dashboard)\/?$/,
  /^\/app\/review\/[^/]+\/?$/,
  /^\/app\/branches\/[^/]+\/?$/,
  /^\/in-context\/connect\/?$/,
];

export function isKnownAppPath(pathname: string): boolean {
  return KNOWN_APP_PATHS.some((pattern) => pattern.test(pathname));
}

function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3 text-center">
      <p className="text-sm text-muted">We could not check your session. Is the server running?</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * /app/* and the in-context popup: need a session. While checking: 'Loading...'. Signed out: back to /login, remembering the origin
 * (an unknown /app path sends a signed-out visitor to / instead).
 */
export function RequireSession({ children }: { children: (me: Me) => ReactNode }) {
  const location = useLocation();
  const me = useMe();
  if (me.isPending) return <PageLoading />;
  if (me.isError) return <SessionError onRetry={() => void me.refetch()} />;
  if (me.data === null) {
    if (!isKnownAppPath(location.pathname)) return <Navigate to="/" replace />;
    rememberReturnTo(`${location.pathname}${location.search}`);
    return <Navigate to="/login" replace />;
  }
  return <>{children(me.data)}</>;
}

/** /user-info, /create-team, /choose-plan: signed-out visitors go to /login. */
export function RequireSignedInOnboarding({ children }: { children: (me: Me) => ReactNode }) {
  const me = useMe();
  if (me.isPending) return <PageLoading />;
  if (me.isError) return <SessionError onRetry={() => void me.refetch()} />;
  if (me.data === null) return <Navigate to="/login" replace />;
  return <>{children(me.data)}</>;
}

/** /login and /signup: a signed-in user goes to /app/overview, unless a sign-up is in progress. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <PageLoading />;
  if (me.data && !isSignupInProgress()) return <Navigate to="/app/overview" replace />;
  return <>{children}</>;
}
