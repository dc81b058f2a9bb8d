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
