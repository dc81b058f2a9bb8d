import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { SSO_ERRORS } from "../../src/shared/schemas/sso.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server.ts";
import { eventually, expectPath, expectVisible, journeyOfPages } from "../helpers/e2e.ts";
import { buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { type OidcIdp, startOidcIdp } from "../helpers/oidc-idp.ts";
import { type SamlIdp, startSamlIdp } from "../helpers/saml-idp.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { button, toast } from "./pages/common.ts";
import { TeamPage } from "./pages/team-page.ts";

/**
 * Single sign-on in Chromium against a real OpenID provider (oidc-provider) and a real DNS server,
 * both started here (issue 38). The owner verifies the company's domain and connects the provider
 * on the Team tab; Ada, new to Sprog, signs in through it and joins as the admin her group makes
 * her; her second sign-in reuses her account; once the owner enforces single sign-on, Bob at the
 * same domain is refused an e-mail code; an address at a domain nobody verified gets its code. Then
 * the owner moves the team to a SAML 2.0 IdP (samlify) by its metadata URL, and Carol signs in
 * through it.
 */

const suffix = randomBytes(3).toString("hex");
const domain = `acme-${suffix}.example`;
const ownerEmail = `owner-${suffix}@owner.example`;
const ada = `ada@${domain}`;
const bob = `bob@${domain}`;
const carol = `carol@${domain}`;
const outsider = `eve@unverified-${suffix}.example`;
const teamName = `Acme ${suffix}`;

describe(`single sign-on on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let dns: TestDnsServer;
  let idp: OidcIdp;
  let samlIdp: SamlIdp;
  let teamId: string;
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let adaContext: BrowserContext;
  let bobContext: BrowserContext;
  let owner: Page;
  let adaPage: Page;
  const { step, open, use } = journeyOfPages("single sign-on");

  beforeAll(async () => {
    mail = await startMailServer();
    dns = await startDnsServer();
    app = await startAppServer({ SMTP_URL: mail.url, SSO_ALLOW_HTTP: "1", DNS_SERVERS: dns.address });
    idp = await startOidcIdp({ redirectUri: `${app.url}/sso/oidc/callback` });
    samlIdp = await startSamlIdp();
    browser = await launchBrowser();
    const options = { viewport: { width: 1280, height: 900 } };
    ownerContext = await browser.newContext(options);
    adaContext = await browser.newContext(options);
    bobContext = await browser.newContext(options);
    const ownerApi = await signInAs(await buildUser(app, { email: ownerEmail, firstName: "Olga" }), {
      context: ownerContext,
    });
    const team = await buildTeam(ownerApi, { name: teamName });
    teamId = team.id;
    await buildProject(ownerApi, team.id, { name: "Website", languages: ["de"] });
  });

  afterAll(async () => {
    for (const context of [bobContext, adaContext, ownerContext]) await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await idp?.close();
    await samlIdp?.close();
    await dns?.close();
    await mail?.close();
  });

  const sso = () => owner.getByRole("region", { name: "Single sign-on" });

  step("the owner adds the company's domain and verifies it by its TXT record", async () => {
    owner = await open(ownerContext);
    await owner.goto(`${app.url}/app/team`);
    await expectVisible(sso());
    await sso().getByLabel("Add a domain").fill(domain);
    await button(sso(), "Add domain").click();
    const record = sso().getByText(`_sprog-verification.${domain}`);
    await expectVisible(record);
    const value = await sso()
      .getByText(/^sprog-verification=/)
      .first()
      .textContent();
    expect(value).toMatch(/^sprog-verification=\S+$/);
    dns.setTxt(`_sprog-verification.${domain}`, [value ?? ""]);
    await button(sso(), `Verify ${domain}`).click();
    await expectVisible(sso().getByText("Verified", { exact: true }));
  });

  step("connects the provider with its issuer, client and a group that makes admins", async () => {
    await sso().getByLabel("Issuer URL").fill(idp.issuer);
    await sso().getByLabel("Client ID").fill(idp.clientId);
    await sso().getByLabel("Client secret").fill(idp.clientSecret);
    const redirect = sso().getByRole("group", { name: "Redirect URI" });
    await expectVisible(redirect.getByText(`${app.url}/sso/oidc/callback`, { exact: true }));
    await button(sso(), "Add mapping").click();
    await sso().getByLabel("Group 1", { exact: true }).fill("sprog-admins");
    await sso().getByLabel("Role for group 1", { exact: true }).selectOption("admin");
    await button(sso(), "Save").click();
    await expectVisible(toast(owner, "Single sign-on saved"));
  });

  step("Ada, new to Sprog, is sent to the provider and joins the team as its admin", async () => {
    idp.signInAs({ email: ada, name: "Ada Lovelace", groups: ["sprog-admins"] });
    adaPage = await open(adaContext);
    await adaPage.goto(`${app.url}/login`);
    await adaPage.getByLabel("Email").fill(ada);
    await button(adaPage, "Continue").click();
    await expectVisible(adaPage.getByText(teamName));
    await button(adaPage, "Continue with single sign-on").click();
    // Through the provider and back: a new account names itself first.
    await expectPath(adaPage, /^\/user-info(\?|$)/);
    await adaPage.getByLabel("First name", { exact: true }).fill("Ada");
    await adaPage.getByLabel("Last name", { exact: true }).fill("Lovelace");
    await button(adaPage, "Continue").click();
    await expectPath(adaPage, /^\/app\/overview(\?|$)/);
    await expectVisible(adaPage.getByRole("button").filter({ hasText: teamName }));

    use(owner);
    const team = new TeamPage(owner, app.url);
    await team.goto();
    await expectVisible(team.member("Ada Lovelace"));
    expect(await team.roleOf("Ada Lovelace").inputValue()).toBe("admin");
  });

  step("her second sign-in reuses her account: one member, straight into the app", async () => {
    use(adaPage);
    await adaPage.goto(`${app.url}/app/overview`);
    await button(adaPage, /user menu/i).click();
    await adaPage.getByRole("menuitem", { name: "Sign Out" }).click();
    await expectPath(adaPage, /^\/login(\?|$)/);
    await adaPage.goto(`${app.url}/login`);
    await adaPage.getByLabel("Email").fill(ada);
    await button(adaPage, "Continue").click();
    await button(adaPage, "Continue with single sign-on").click();
    await expectPath(adaPage, /^\/app\/overview(\?|$)/);

    use(owner);
    const team = new TeamPage(owner, app.url);
    await team.goto();
    await expectVisible(team.member("Ada Lovelace"));
    expect((await team.memberNames()).filter((name) => name === "Ada Lovelace")).toHaveLength(1);
  });

  step("once enforced, Bob at the domain is refused an e-mail code", async () => {
    await sso().getByRole("switch", { name: "Enforce single sign-on" }).click();
    await button(sso(), "Save").click();
    await expectVisible(toast(owner, "Single sign-on saved"));

    const bobPage = await open(bobContext);
    await bobPage.goto(`${app.url}/login`);
    await bobPage.getByLabel("Email").fill(bob);
    await button(bobPage, "Continue").click();
    await button(bobPage, "Use an e-mail code instead").click();
    await expectVisible(bobPage.getByRole("alert").filter({ hasText: SSO_ERRORS.enforcedRefused }));
    expect(new URL(bobPage.url()).pathname).toBe("/login");
  });

  step("an address at a domain nobody verified gets its code, never the provider", async () => {
    const page = await open(await browser.newContext());
    await page.goto(`${app.url}/login`);
    await page.getByLabel("Email").fill(outsider);
    await button(page, "Continue").click();
    await expectPath(page, /^\/verify(\?|$)/);
    const code = await mail.codeFor(outsider);
    expect(code).toMatch(/^\d{6}$/);
    await eventually(
      async () => idp.requests.filter((request) => request.get("login_hint") === outsider).length,
      (count) => count === 0,
      "authorization requests for the unverified address",
    );
  });

  step("the owner moves the team to a SAML 2.0 IdP by its metadata URL", async () => {
    use(owner);
    await owner.goto(`${app.url}/app/team`);
    await expectVisible(sso());
    await sso().getByRole("radio", { name: "SAML 2.0" }).click();
    const spMetadata = `${app.url}/sso/saml/${teamId}/metadata`;
    await expectVisible(
      sso().getByRole("group", { name: "Sprog's SAML metadata" }).getByText(spMetadata, { exact: true }),
    );
    // What the IdP's admin does with it: registers Sprog by its metadata.
    await samlIdp.trust(spMetadata);
    await sso().getByLabel("IdP metadata URL").fill(samlIdp.metadataUrl);
    await button(sso(), "Save").click();
    await expectVisible(toast(owner, "Single sign-on saved"));
    await expectVisible(sso().getByText(samlIdp.entityId, { exact: true }));
  });

  step("Carol signs in through the SAML IdP and joins as the admin her group makes her", async () => {
    samlIdp.signInAs({ email: carol, name: "Carol Jones", groups: ["sprog-admins"] });
    const page = await open(await browser.newContext());
    await page.goto(`${app.url}/login`);
    await page.getByLabel("Email").fill(carol);
    await button(page, "Continue").click();
    await button(page, "Continue with single sign-on").click();
    await expectPath(page, /^\/user-info(\?|$)/);
    await page.getByLabel("First name", { exact: true }).fill("Carol");
    await page.getByLabel("Last name", { exact: true }).fill("Jones");
    await button(page, "Continue").click();
    await expectPath(page, /^\/app\/overview(\?|$)/);

    use(owner);
    const team = new TeamPage(owner, app.url);
    await team.goto();
    await expectVisible(team.member("Carol Jones"));
    expect(await team.roleOf("Carol Jones").inputValue()).toBe("admin");
  });
});
