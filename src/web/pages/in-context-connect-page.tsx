import { useQueries } from "@tanstack/react-query";
import { CircleAlert, CircleCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { Me } from "../../shared/schemas/auth.ts";
import { IN_CONTEXT_TOKEN_HOURS } from "../../shared/schemas/in-context.ts";
import type { Project } from "../../shared/schemas/projects.ts";
import { Button } from "../components/ui/button.tsx";
import { FormServerError } from "../components/ui/form-footer.tsx";
import { OnboardingLayout } from "../components/ui/onboarding-layout.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useCreateInContextToken } from "../features/in-context/api/create-in-context-token.ts";
import { parseConnectRequest, sendTokenToApp } from "../features/in-context/connect-request.ts";
import { projectsQueryOptions } from "../features/projects/api/list-projects.ts";
import { ROLE_LABELS } from "../features/teams/components/members-list.tsx";
import { failureText } from "../lib/failure-text.ts";
import { RequireSession } from "../lib/route-guards.tsx";
import { displayName } from "../lib/session.ts";

const TITLE = "Edit your app's texts";

function Notice({ tone, children }: { tone: "error" | "done"; children: ReactNode }) {
  const Icon = tone === "error" ? CircleAlert : CircleCheck;
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "flex items-start gap-2 text-sm text-danger"
          : "flex items-start gap-2 text-sm text-foreground"
      }
    >
      <Icon
        className={tone === "error" ? "mt-0.5 size-4 shrink-0" : "mt-0.5 size-4 shrink-0 text-success"}
        aria-hidden="true"
      />
      <span>{children}</span>
    </p>
  );
}

/** The project among the person's teams' projects (there is no lookup by id alone), or why not. */
function useProjectOfMine(
  me: Me,
  projectId: string,
): { project: Project | null; loading: boolean; failed: boolean; retry: () => void } {
  return useQueries({
    queries: me.teams.map((team) => projectsQueryOptions(team.id)),
    combine: (results) => {
      const project = results.flatMap((result) => result.data ?? []).find((p) => p.id === projectId) ?? null;
      return {
        project,
        loading: project === null && results.some((result) => result.isPending),
        failed: project === null && results.some((result) => result.isError),
        retry: () => {
          for (const result of results) if (result.isError) void result.refetch();
        },
      };
    },
  });
}

type Outcome = "asking" | "sent" | "cancelled";

function ConnectCard({ me, projectId, origin }: { me: Me; projectId: string; origin: string }) {
  const { project, loading, failed, retry } = useProjectOfMine(me, projectId);
  const createToken = useCreateInContextToken(projectId);
  const [outcome, setOutcome] = useState<Outcome>("asking");
  // The app's window that opened this one; none when the address was opened some other way.
  const [opener] = useState(() => (window.opener as Window | null) ?? null);

  if (loading) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading the project" className="size-5 text-muted" />
      </div>
    );
  }
  if (failed) {
    return (
      <div className="flex flex-col gap-4">
        <Notice tone="error">Failed to load your projects. Check your connection and try again.</Notice>
        <Button variant="outline" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!project) {
    return (
      <Notice tone="error">
        You are signed in as {me.user.email}, who is not a member of this project's team. Sign in with the
        account your team invited, or ask its owner to invite you.
      </Notice>
    );
  }
  const role = me.teams.find((team) => team.id === project.teamId)?.role;
  const roleLabel = role && role !== "none" ? ROLE_LABELS[role] : "no role";

  if (outcome === "sent") {
    return <Notice tone="done">Done — you can close this window and go back to the app.</Notice>;
  }
  if (outcome === "cancelled") {
    return <Notice tone="done">Cancelled: {origin} cannot edit anything. You can close this window.</Notice>;
  }

  const allow = () => {
    if (!opener || opener.closed) return;
    createToken.mutate(origin, {
      onSuccess: (token) => {
        sendTokenToApp(opener, token, origin);
        setOutcome("sent");
        window.close();
      },
    });
  };
  const cancel = () => {
    setOutcome("cancelled");
    window.close();
  };

  return (
    <div className="flex flex-col gap-4 text-sm">
      <p className="text-foreground">
        <strong className="break-all">{origin}</strong> wants to let you edit the texts of{" "}
        <strong>{project.name}</strong> in its pages, as <strong>{displayName(me)}</strong> ({roleLabel}).
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-muted">
        <li>Saves go through your account, with your role's rights, and show under your name.</li>
        <li>
          It works for {IN_CONTEXT_TOKEN_HOURS} hours, from <span className="break-all">{origin}</span> only,
          or until you sign out.
        </li>
        <li>Allow only your own app's address: any page there can use this access while it lasts.</li>
      </ul>
      {!opener || opener.closed ? (
        <Notice tone="error">
          Open this page from your app: the app opens it when you start editing its texts. Opened on its own,
          there is no app to connect.
        </Notice>
      ) : null}
      <FormServerError
        message={
          createToken.isError
            ? failureText(createToken.error, "Failed to connect the app. Try again.")
            : undefined
        }
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={cancel}>
          Cancel
        </Button>
        <Button onClick={allow} loading={createToken.isPending} disabled={!opener || opener.closed}>
          Allow
        </Button>
      </div>
    </div>
  );
}

/**
 * /in-context/connect?project=…&origin=…: the popup an app's page opens (issue 37) so the signed-in
 * person can let that page edit a project's texts as them. A signed-out visitor signs in first and
 * comes back here; the token goes to the opening window, addressed to the app's origin only.
 */
export function InContextConnectPage() {
  const [params] = useSearchParams();
  const request = parseConnectRequest(params);
  if (!request.ok) {
    return (
      <OnboardingLayout title={TITLE}>
        <div className="flex flex-col gap-4">
          <Notice tone="error">This link is not valid: {request.reason}</Notice>
          <p className="text-sm text-muted">
            Start the editing again from your app: it opens this page with the right address.
          </p>
          <Button asChild variant="outline">
            <Link to="/app/overview">Go to Sprog</Link>
          </Button>
        </div>
      </OnboardingLayout>
    );
  }
  return (
    <RequireSession>
      {(me) => (
        <OnboardingLayout title={TITLE}>
          <ConnectCard me={me} projectId={request.projectId} origin={request.origin} />
        </OnboardingLayout>
      )}
    </RequireSession>
  );
}
