import { Info } from "lucide-react";
import { can } from "../../../../shared/permissions.ts";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSso } from "../api/get-sso.ts";
import { SsoDomains } from "./sso-domains.tsx";
import { SsoProviderForm } from "./sso-provider-form.tsx";

/**
 * Team settings → Single sign-on (issue 38): the domains the team proves it owns and the identity
 * provider its people there sign in with. The owner's alone (`team.manageSettings`): the server
 * answers others 403, so for them it is neither shown nor asked for.
 */
export function SingleSignOn({ team }: { team: TeamSummary | null }) {
  if (!team || !can(team.role, "team.manageSettings")) return null;
  return (
    <section aria-labelledby="sso-heading" className="flex flex-col gap-2">
      <h2 id="sso-heading" className="text-sm font-semibold">
        Single sign-on
      </h2>
      <p className="text-sm text-muted">
        People at your team's verified domains sign in with your company's identity provider instead of an
        e-mail code. Any OpenID Connect provider works: Okta, Microsoft Entra ID, Google Workspace, Keycloak
        and others.
      </p>
      <SsoOfTeam key={team.id} teamId={team.id} />
    </section>
  );
}

function SsoOfTeam({ teamId }: { teamId: string }) {
  const sso = useSso(teamId);
  if (sso.isPending) return <Spinner label="Loading single sign-on" className="text-muted" />;
  if (sso.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(sso.error, "Failed to load single sign-on")}
      </p>
    );
  }
  const anyVerified = sso.data.domains.some((domain) => domain.verified);
  return (
    <div className="flex flex-col gap-4">
      {anyVerified ? null : (
        <p
          role="note"
          className="flex items-start gap-2 rounded-md border border-warning/40 bg-amber-50 px-3 py-2 text-sm text-foreground"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <span>
            No domain is verified yet. Single sign-on applies only to verified domains: until one is, everyone
            keeps signing in with an e-mail code.
          </span>
        </p>
      )}
      <SsoDomains teamId={teamId} domains={sso.data.domains} />
      <SsoProviderForm teamId={teamId} sso={sso.data} />
    </div>
  );
}
