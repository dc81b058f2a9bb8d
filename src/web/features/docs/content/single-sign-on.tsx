import { DOMAIN_TXT_PREFIX, SSO_ERRORS } from "../../../../shared/schemas/sso.ts";
import {
  Callout,
  Code,
  DataTable,
  DocSection,
  List,
  P,
  SubHeading,
  TopicLink,
  Ui,
} from "../components/prose.tsx";
import { rolesWith } from "../permission-texts.ts";

/** The redirect URI Sprog shows, with the server's address left for the reader's own. */
const REDIRECT = "https://<your Sprog address>/sso/oidc/callback";
/** A team's SAML service provider, as the screen shows it. */
const SAML_BASE = "https://<your Sprog address>/sso/saml/<team id>";

/** What to copy where, for one identity provider: its console's field, and Sprog's field it goes to. */
function FieldTable({ provider, rows }: { provider: string; rows: readonly (readonly [string, string])[] }) {
  return (
    <DataTable
      caption={`${provider}: what goes where`}
      columns={["In Sprog (Single sign-on)", `In ${provider}`]}
      // Addresses and console paths break anywhere, so the table fits a phone.
      rows={rows.map(([sprog, there]) => [
        <Ui key="s">{sprog}</Ui>,
        <span key="t" className="wrap-anywhere">
          {there}
        </span>,
      ])}
      rowKeys={rows.map(([sprog]) => sprog)}
    />
  );
}

/**
 * Single sign-on (issue 38), in the Team collaboration topic (the docs keep spec point 2's nine
 * topics): domains, the provider and what to copy from each console, roles, enforcement.
 */
export function SingleSignOnSections() {
  return (
    <>
      <DocSection id="single-sign-on" title="Single sign-on">
        <P>
          A team can let its people sign in with the company account, through its identity provider, instead
          of an e-mail code: Okta, Microsoft Entra ID, Google Workspace, Keycloak, or any other OpenID Connect
          provider or SAML 2.0 IdP. It is set up by {rolesWith("team.manageSettings")} under <Ui>Team</Ui> →{" "}
          <Ui>Single sign-on</Ui>, in two parts: the domains the team owns, and the provider.
        </P>
        <List ordered>
          <li>
            On the sign-in page, an address at one of the team's <strong>verified</strong> domains is offered{" "}
            <Ui>Continue with single sign-on</Ui> instead of a code. An address at a domain nobody verified
            always gets a code.
          </li>
          <li>
            The provider asks the person to sign in (or knows them already) and sends them back to Sprog,
            which checks its answer: that it comes back to the browser that started it, once, within ten
            minutes, signed by the provider for Sprog's client, and for an address at one of the team's
            verified domains.
          </li>
          <li>
            The first time, the person joins the team at once, with the role the groups they are in give, or
            else the default role. Nobody has to invite them. Later sign-ins reuse their account and follow
            their groups.
          </li>
        </List>
      </DocSection>

      <DocSection id="sso-domains" title="Single sign-on: verify your domain">
        <P>
          Under <Ui>Domains</Ui>, add the domain of your addresses (<Code>example.com</Code> for{" "}
          <Code>ada@example.com</Code>). Sprog shows a DNS TXT record: add it at your DNS host, then press{" "}
          <Ui>Verify</Ui>. The record's name is <Code wrap>{`${DOMAIN_TXT_PREFIX}.example.com`}</Code> and its
          value starts with <Code>sprog-verification=</Code>; other TXT records on the name do not matter.
        </P>
        <List>
          <li>
            DNS changes can take a few minutes to show. Until Sprog finds the record it says “
            {SSO_ERRORS.txtMissing}”
          </li>
          <li>
            A domain is verified by one team at most. Another team that tries gets “{SSO_ERRORS.domainTaken}”.
          </li>
          <li>
            Removing a domain stops its addresses from going to the provider; their accounts and memberships
            stay. Keep the TXT record: it is read only when you verify.
          </li>
        </List>
      </DocSection>

      <DocSection id="sso-oidc" title="Single sign-on: connect your identity provider (OpenID Connect)">
        <P>
          In your provider, create a web application (a confidential client) with Sprog's{" "}
          <Ui>Redirect URI</Ui>, which the Single sign-on screen shows for you to copy: it is{" "}
          <Code wrap>{REDIRECT}</Code>. Then copy three values back into Sprog:
        </P>
        <List>
          <li>
            <Ui>Issuer URL</Ui>: the provider's address that its discovery document hangs under (
            <Code wrap>{"<issuer>/.well-known/openid-configuration"}</Code>). Sprog reads that document when
            you save, and refuses the settings with the reason if it cannot.
          </li>
          <li>
            <Ui>Client ID</Ui> and <Ui>Client secret</Ui>. The secret is stored encrypted with the server's{" "}
            <Code>AUTH_SECRET</Code> and never shown again; leave the field empty to keep it when you change
            other settings.
          </li>
        </List>
        <P>
          Sprog asks for the scopes <Code>openid email profile</Code>, uses PKCE (S256), a state and a nonce,
          and reads the e-mail address, name and groups from the ID token (or the UserInfo endpoint when the
          token has no e-mail). An address the provider marks as unverified is refused.
        </P>

        <SubHeading id="sso-okta">Okta</SubHeading>
        <P>
          <Ui>Applications</Ui> → <Ui>Create App Integration</Ui> → <Ui>OIDC - OpenID Connect</Ui> →{" "}
          <Ui>Web Application</Ui>. Assign the people or groups who may use Sprog.
        </P>
        <FieldTable
          provider="Okta"
          rows={[
            ["Redirect URI", "Sign-in redirect URIs"],
            [
              "Issuer URL",
              "https://<your Okta domain> (or …/oauth2/default for the default authorization server)",
            ],
            ["Client ID", "General → Client Credentials → Client ID"],
            ["Client secret", "General → Client Credentials → Client secret"],
            [
              "Groups claim",
              "groups — add it under Sign On → OpenID Connect ID Token → Groups claim filter (name groups, Matches regex .*)",
            ],
          ]}
        />

        <SubHeading id="sso-entra">Microsoft Entra ID</SubHeading>
        <P>
          <Ui>App registrations</Ui> → <Ui>New registration</Ui>, platform <Ui>Web</Ui>.
        </P>
        <FieldTable
          provider="Microsoft Entra ID"
          rows={[
            ["Redirect URI", "Redirect URI (Web)"],
            ["Issuer URL", "https://login.microsoftonline.com/<Directory (tenant) ID>/v2.0"],
            ["Client ID", "Overview → Application (client) ID"],
            ["Client secret", "Certificates & secrets → New client secret → Value (not the Secret ID)"],
            [
              "Groups claim",
              "groups — Token configuration → Add groups claim; Entra sends the groups' object IDs, so map those",
            ],
          ]}
        />
        <Callout>
          Entra ID puts the e-mail address in the token only as an optional claim: add <Code>email</Code>{" "}
          under <Ui>Token configuration</Ui> → <Ui>Add optional claim</Ui> → <Ui>ID</Ui>.
        </Callout>

        <SubHeading id="sso-google">Google Workspace</SubHeading>
        <P>
          Google Cloud console → <Ui>APIs & Services</Ui> → <Ui>Credentials</Ui> → <Ui>Create credentials</Ui>{" "}
          → <Ui>OAuth client ID</Ui> → <Ui>Web application</Ui>. Set the OAuth consent screen to{" "}
          <Ui>Internal</Ui> so only your Workspace signs in.
        </P>
        <FieldTable
          provider="Google Workspace"
          rows={[
            ["Redirect URI", "Authorized redirect URIs"],
            ["Issuer URL", "https://accounts.google.com"],
            ["Client ID", "Client ID"],
            ["Client secret", "Client secret"],
            ["Groups claim", "— (Google sends no groups: everyone joins with the default role)"],
          ]}
        />

        <SubHeading id="sso-keycloak">Keycloak</SubHeading>
        <P>
          In the realm: <Ui>Clients</Ui> → <Ui>Create client</Ui>, type <Ui>OpenID Connect</Ui>, with{" "}
          <Ui>Client authentication</Ui> on.
        </P>
        <FieldTable
          provider="Keycloak"
          rows={[
            ["Redirect URI", "Valid redirect URIs"],
            ["Issuer URL", "https://<Keycloak host>/realms/<realm>"],
            ["Client ID", "Client ID"],
            ["Client secret", "Credentials → Client secret"],
            [
              "Groups claim",
              "groups — Client scopes → <client>-dedicated → Add mapper → Group Membership (Token Claim Name groups, Full group path off)",
            ],
          ]}
        />
      </DocSection>

      <DocSection id="sso-saml" title="Single sign-on: connect a SAML 2.0 IdP">
        <P>
          Choose <Ui>SAML 2.0</Ui> under <Ui>Identity provider</Ui>. Sprog is your team's own service
          provider, and the screen shows three values to give your IdP: <Ui>Entity ID (Audience)</Ui>{" "}
          <Code wrap>{SAML_BASE}</Code>, <Ui>ACS URL (Reply URL)</Ui> <Code wrap>{`${SAML_BASE}/acs`}</Code>{" "}
          (HTTP-POST), and <Ui>Sprog's SAML metadata</Ui> <Code wrap>{`${SAML_BASE}/metadata`}</Code>, which
          an IdP that imports metadata by URL can take instead of the first two.
        </P>
        <P>
          Then give Sprog the IdP's metadata: its <Ui>IdP metadata URL</Ui> (read when you save; save again
          after the IdP changes its signing key), or paste the <Ui>IdP metadata XML</Ui>. Sprog reads the
          IdP's entity ID, sign-in location and signing certificates from it, and says what is missing if it
          cannot.
        </P>
        <List>
          <li>
            The IdP must sign the assertion. Send the e-mail address as the NameID (format EmailAddress) or an{" "}
            <Code>email</Code> / <Code>mail</Code> attribute, the name as <Code>displayName</Code>, and the
            groups in the attribute the <Ui>Groups attribute</Ui> field names (Entra ID's groups claim is read
            too).
          </li>
          <li>
            <strong>Okta</strong>: Create App Integration → SAML 2.0; Single sign-on URL: the ACS URL;
            Audience URI: the entity ID; Name ID format EmailAddress. Sprog's metadata URL field: Sign On →
            Metadata URL.
          </li>
          <li>
            <strong>Microsoft Entra ID</strong>: Enterprise applications → Create your own application →
            Single sign-on → SAML; Identifier: the entity ID; Reply URL: the ACS URL. Sprog's metadata URL
            field: App Federation Metadata Url.
          </li>
          <li>
            <strong>Google Workspace</strong>: Apps → Web and mobile apps → Add custom SAML app; ACS URL and
            Entity ID as above, Name ID format EMAIL. Paste the downloaded IdP metadata into Sprog.
          </li>
          <li>
            <strong>Keycloak</strong>: Clients → Create client, type SAML, Client ID: the entity ID; POST
            binding URL: the ACS URL; Sign assertions on, Client signature required off. Sprog's metadata URL
            field: <Code wrap>{"https://<Keycloak host>/realms/<realm>/protocol/saml/descriptor"}</Code>.
          </li>
          <li>
            Sign-in starts on Sprog's sign-in page: a sign-in started from the IdP's app dashboard is refused.
            Each answer is checked against the IdP's certificates, for this team's entity ID, as the answer to
            the request this browser's sign-in sent, once.
          </li>
        </List>
      </DocSection>

      <DocSection id="sso-roles" title="Single sign-on: roles">
        <P>
          <Ui>Default role</Ui> (Reviewer unless you choose Admin) is what a first sign-in joins with. Under{" "}
          <Ui>Role mappings</Ui>, name groups of your provider and the role each gives: someone in{" "}
          <Code>sprog-admins</Code> can join as Admin. Someone in several mapped groups gets the strongest
          role. Each later sign-in sets the role the groups give again (when one of them is mapped), so moving
          someone between groups at the provider changes their role in Sprog at their next sign-in. Single
          sign-on never makes anyone the owner, and never changes the owner's role. <Ui>Groups claim</Ui> is
          the name of the claim the provider sends the groups in (<Code>groups</Code> by default).
        </P>
      </DocSection>

      <DocSection id="sso-enforce" title="Single sign-on: enforce it">
        <P>
          With <Ui>Enforce single sign-on</Ui> on, addresses at the team's verified domains can no longer sign
          in with an e-mail code: asking for one is refused with “{SSO_ERRORS.enforcedRefused}”
        </P>
        <List>
          <li>
            The team's owner keeps a way in if the provider is down: <Ui>Use an e-mail code instead</Ui> still
            sends them a code. Such a sign-in shows in the{" "}
            <TopicLink to="collaboration" hash="activity">
              activity feed
            </TopicLink>{" "}
            as “signed in with an e-mail code, past the team's single sign-on”.
          </li>
          <li>
            Setting up, changing or removing single sign-on, verifying a domain, and every sign-in through the
            provider are in the activity feed too.
          </li>
        </List>
      </DocSection>

      <DocSection id="sso-leaving" title="Single sign-on: when someone leaves">
        <List>
          <li>
            A session that began at the provider lasts at most a day and is not renewed by use: once the
            provider no longer lets the person in, they are out of Sprog within a day, and cannot sign in
            again.
          </li>
          <li>
            Removing a member on the <Ui>Team</Ui> tab ends their access at once, as it always does, including
            any screen they have open. Their next sign-in through the provider does not bring them back: only
            a new invite does.
          </li>
        </List>
      </DocSection>
    </>
  );
}
