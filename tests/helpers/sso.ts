import { expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { ApiClient } from "./api-client.ts";
import { call } from "./contract-client.ts";

/** Cookies of one site, as a browser keeps them for it (path and expiry aside). */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * A browser's trip through the identity provider: follows its redirects (keeping its cookies)
 * until it sends the browser back to the app; answers that callback URL, not yet opened.
 */
export async function throughIdp(startUrl: string, appUrl: string): Promise<URL> {
  const jar = new Jar();
  let url = new URL(startUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.href.startsWith(appUrl)) return url;
    const response = await fetch(url, { redirect: "manual", headers: { cookie: jar.header } });
    jar.take(response.headers);
    const location = response.headers.get("location");
    if (!location)
      throw new Error(`the IdP answered ${response.status} at ${url.href}: ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error("the IdP redirected too many times");
}

/** Opens the app's callback in `client`'s browser: answers where it redirects, keeping its cookies. */
export async function openCallback(
  client: ApiClient,
  callback: URL,
): Promise<{ status: number; location: string }> {
  const response = await fetch(callback, { redirect: "manual", headers: { cookie: client.cookie } });
  client.keepCookies(response.headers);
  return { status: response.status, location: response.headers.get("location") ?? "" };
}

/** The sign-in page's start for an address its team's single sign-on covers: the provider's URL. */
export async function startSso(client: ApiClient, email: string): Promise<string> {
  const sent = await call(client, contract.auth.sendCode, { body: { email } });
  expect(sent.status).toBe(200);
  if (sent.body.sent) throw new Error(`a code was sent to ${email}, not a single sign-on`);
  if (!sent.body.sso.url) throw new Error(`the identity provider of ${email}'s team could not be reached`);
  return sent.body.sso.url;
}

/** The whole trip: sign-in page, provider, callback; answers where the app sent the browser. */
export async function signInWithSso(client: ApiClient, email: string, appUrl: string) {
  const callback = await throughIdp(await startSso(client, email), appUrl);
  return openCallback(client, callback);
}

/** The form a SAML IdP's page auto-submits: where it POSTs (the ACS) and its fields. */
export interface IdpForm {
  action: string;
  fields: Record<string, string>;
}

const unescapeHtml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

const attributeOf = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescapeHtml(match[1] ?? "") : undefined;
};

/** Opens the SAML IdP's URL from the start answer: the form its page would POST to the ACS. */
export async function throughSamlIdp(startUrl: string): Promise<IdpForm> {
  const response = await fetch(startUrl);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`the IdP answered ${response.status}: ${html}`);
  const form = /<form[^>]*>/.exec(html)?.[0] ?? "";
  const action = attributeOf(form, "action");
  if (!action) throw new Error(`the IdP's page has no form: ${html}`);
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input[^>]*>/g)) {
    const name = attributeOf(input, "name");
    if (name) fields[name] = attributeOf(input, "value") ?? "";
  }
  return { action, fields };
}

/**
 * The browser submits the IdP's form: a cross-site POST, so none of the app's SameSite=Lax cookies
 * go with it. Answers where the ACS sends the browser.
 */
export async function postToAcs(form: IdpForm): Promise<{ status: number; location: string }> {
  const response = await fetch(form.action, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form.fields).toString(),
  });
  await response.body?.cancel();
  return { status: response.status, location: response.headers.get("location") ?? "" };
}

/** The whole SAML trip: sign-in page, IdP, ACS, the finish page in `client`'s browser. */
export async function signInWithSaml(client: ApiClient, email: string, appUrl: string) {
  const posted = await postToAcs(await throughSamlIdp(await startSso(client, email)));
  expect(posted.status).toBe(303);
  return openCallback(client, new URL(posted.location, appUrl));
}
