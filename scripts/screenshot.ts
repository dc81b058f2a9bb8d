/**
 * `npm run screenshot`: the landing page's hero picture, taken from the running app (not a mock-up).
 *
 * Starts the real server on a throw-away embedded PostgreSQL, signs a demo user up through the API, seeds
 * a small project (English source, Danish, German and French, with French unfinished), opens its Overview in Chromium and
 * writes src/web/assets/app-overview.png plus two WebP sizes, which the landing imports. Chromium
 * encodes the WebP files through a canvas, so no image library is needed.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AnyContractProcedure } from "@orpc/contract";
import type { Page } from "playwright-core";
import { contract } from "../src/shared/contract/index.ts";
import { ApiClient } from "../tests/helpers/api-client.ts";
import { startAppServer } from "../tests/helpers/app-server.ts";
import { launchBrowser } from "../tests/helpers/browser.ts";
import { call, type InputOf, routeOf } from "../tests/helpers/contract-client.ts";
import { startOpenAIServer } from "../tests/helpers/openai-server.ts";
import { startMailServer } from "../tests/helpers/smtp.ts";

const OUT_DIR = join("src", "web", "assets");
const VIEWPORT = { width: 1280, height: 800 };
/** The part of the viewport kept: the Overview's table ends about 50 px above the viewport's bottom. */
const CLIP = { x: 0, y: 0, width: 1280, height: 768 };
/** WebP widths: full size for desktops, a smaller one for phones. */
const WEBP_WIDTHS = [1280, 768];
const WEBP_QUALITY = 0.8;

const LANGUAGES = ["en", "da", "de", "fr"];

/** key, English, Danish, German, French; a missing value is left for the AI to fill. */
const DEMO_KEYS: [string, string, string?, string?, string?][] = [
  ["checkout.pay_button", "Pay {amount}", "Betal {amount}", "{amount} bezahlen", "Payer {amount}"],
  [
    "checkout.items_in_cart",
    "You have {count} items in your cart",
    "Du har {count} varer i kurven",
    "Sie haben {count} Artikel im Warenkorb",
    "Vous avez {count} articles dans votre panier",
  ],
  [
    "checkout.shipping_free",
    "Free shipping on orders over {threshold}",
    "Gratis fragt ved køb over {threshold}",
    "Kostenloser Versand ab {threshold}",
  ],
  ["checkout.title", "Checkout", "Kassen", "Kasse", "Paiement"],
  [
    "onboarding.welcome_title",
    "Welcome to Northwind, {name}!",
    "Velkommen til Northwind, {name}!",
    "Willkommen bei Northwind, {name}!",
    "Bienvenue chez Northwind, {name} !",
  ],
  [
    "onboarding.welcome_body",
    "Plan trips, share them with friends and keep every ticket in one place.",
    "Planlæg rejser, del dem med venner og hav alle billetter samlet ét sted.",
    "Plane Reisen, teile sie mit Freunden und behalte alle Tickets an einem Ort.",
  ],
  ["onboarding.get_started", "Get started", "Kom i gang", "Los geht's", "Commencer"],
  ["onboarding.skip", "Skip for now", "Spring over", "Jetzt überspringen"],
  [
    "settings.notifications",
    "Notify me when prices drop",
    "Giv mig besked, når priserne falder",
    "Benachrichtige mich bei Preissenkungen",
    "M'avertir quand les prix baissent",
  ],
  ["settings.language", "Language", "Sprog", "Sprache", "Langue"],
  ["settings.sign_out", "Sign out", "Log ud", "Abmelden", "Se déconnecter"],
  [
    "trips.empty_state",
    "No trips yet. Where to next?",
    "Ingen rejser endnu. Hvor går turen hen?",
    "Noch keine Reisen. Wohin geht's als Nächstes?",
  ],
  ["trips.share", "Share trip", "Del rejse", "Reise teilen", "Partager le voyage"],
];

async function seedDemo(baseUrl: string, codeFor: (email: string) => Promise<string>) {
  const client = new ApiClient(baseUrl);
  const email = "freja@northwind.example";
  /** A call that must succeed: its answer's body. */
  const ok = async <P extends AnyContractProcedure>(procedure: P, input: InputOf<P>) => {
    const answer = await call(client, procedure, input);
    if (answer.status >= 300) throw new Error(`${routeOf(procedure)} answered ${answer.status}`);
    return answer.body;
  };
  await ok(contract.auth.sendCode, { body: { email } });
  await ok(contract.auth.verify, { body: { email, code: await codeFor(email) } });
  await ok(contract.profiles.save, { body: { firstName: "Freja", lastName: "Nielsen" } });
  const team = await ok(contract.teams.create, { body: { name: "Northwind" } });
  const project = await ok(contract.projects.create, {
    params: { teamId: team.id },
    body: { name: "Mobile app" },
  });
  await ok(contract.projects.setLanguages, {
    params: { projectId: project.id },
    body: { languages: LANGUAGES },
  });
  for (const [key, ...values] of DEMO_KEYS) {
    const [source, ...translations] = values;
    const created = await ok(contract.keys.create, {
      params: { projectId: project.id },
      body: source === undefined ? { key } : { key, sourceValue: source },
    });
    for (const [index, value] of translations.entries()) {
      const language = LANGUAGES[index + 1];
      if (value && language) {
        await ok(contract.strings.save, { params: { keyId: created.id, lang: language }, body: { value } });
      }
    }
  }
  const me = await ok(contract.auth.me, {});
  return { cookie: client.cookie, userId: me.user.id, teamId: team.id, projectId: project.id };
}

/** Re-encodes a PNG as WebP of the given width, in the page's canvas. */
async function toWebp(page: Page, png: Buffer, width: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ source, width, quality }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = Math.round((image.naturalHeight * width) / image.naturalWidth);
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2d canvas");
      context.imageSmoothingQuality = "high";
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL("image/webp", quality);
    },
    { source: `data:image/png;base64,${png.toString("base64")}`, width, quality: WEBP_QUALITY },
  );
  if (!dataUrl.startsWith("data:image/webp")) throw new Error("this Chromium cannot encode WebP");
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

async function main() {
  if (!existsSync(join("dist", "web", "index.html"))) {
    throw new Error("dist/web is missing: run `npm run build` first (`npm run screenshot` does)");
  }
  const mail = await startMailServer();
  // An AI endpoint is configured, as in production: without one the Overview notes pseudo-localization.
  const ai = await startOpenAIServer();
  const app = await startAppServer(
    { SMTP_URL: mail.url, AI_BASE_URL: ai.url, AI_API_KEY: "demo" },
    { database: "embedded" },
  );
  const browser = await launchBrowser();
  try {
    const demo = await seedDemo(app.url, (email) => mail.codeFor(email, { timeoutMs: 15_000 }));
    const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    const host = new URL(app.url).hostname;
    await context.addCookies(
      demo.cookie.split("; ").map((pair) => {
        const [name = "", ...rest] = pair.split("=");
        return { name, value: rest.join("="), domain: host, path: "/" };
      }),
    );
    // A returning user's selection (src/web/lib/storage-keys.ts), so the Overview opens on the project.
    await context.addInitScript(
      ({ userId, teamId, projectId }) => {
        localStorage.setItem(`sprog.user.${userId}.selectedTeamId`, teamId);
        localStorage.setItem(`sprog.user.${userId}.selectedProjectId`, projectId);
        localStorage.setItem(`sprog.user.${userId}.project.${projectId}.selectedLanguage`, "fr");
      },
      { userId: demo.userId, teamId: demo.teamId, projectId: demo.projectId },
    );
    const page = await context.newPage();
    await page.goto(`${app.url}/app/overview`);
    await page.getByText("checkout.pay_button", { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    // Let the cells' fade-in finish (spec point 9: at most 3.5 s).
    await page.waitForTimeout(3_800);
    await page.mouse.move(0, VIEWPORT.height - 1);
    const png = await page.screenshot({ type: "png", clip: CLIP });

    await mkdir(OUT_DIR, { recursive: true });
    const written: string[] = [];
    const pngPath = join(OUT_DIR, "app-overview.png");
    await writeFile(pngPath, png);
    written.push(`${pngPath} (${Math.round(png.length / 1024)} KB)`);
    for (const width of WEBP_WIDTHS) {
      const webp = await toWebp(page, png, width);
      const path = join(OUT_DIR, `app-overview-${width}.webp`);
      await writeFile(path, webp);
      written.push(`${path} (${Math.round(webp.length / 1024)} KB)`);
    }
    console.log(`screenshot: wrote\n  ${written.join("\n  ")}`);
  } finally {
    await browser.close();
    await app.stop();
    await ai.close();
    await mail.close();
  }
}

await main();
