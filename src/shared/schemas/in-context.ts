import { z } from "zod";
import { multipartBody, uploadedFile } from "../contract/media.ts";

/**
 * In-context editing (issue 37): a person edits an app's texts in the running app. The app's page
 * gets a token by a popup on Sprog where the signed-in person allows that page's origin; the token
 * acts as that person (their role's rights) on one project, from that origin only, for a few hours.
 */

/** Every in-context token starts with this, so secret scanners and people can tell what it is. */
export const IN_CONTEXT_TOKEN_PREFIX = "sprogctx_";
/** How long a token works. */
export const IN_CONTEXT_TOKEN_HOURS = 8;
/** The Sprog page the popup opens: `?project={projectId}&origin={the app's origin}`. */
export const IN_CONTEXT_CONNECT_PATH = "/in-context/connect";
/** The `type` of the message the popup posts to the app's window (`window.opener`). */
export const IN_CONTEXT_MESSAGE_TYPE = "sprog:in-context-token";
/** Keys one lookup may name. */
export const IN_CONTEXT_KEYS_MAX = 200;

/** scheme://host[:port] in lowercase, as `location.origin` gives it. */
const ORIGIN = /^(https?):\/\/(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?$/;

/** An app page's origin: `https://app.example.com` or `http://localhost:5173`, nothing after it. */
export const appOriginSchema = z
  .string({ error: "origin is required: the address of the app's page, e.g. https://app.example.com" })
  .trim()
  .max(300)
  .refine((value) => {
    const match = ORIGIN.exec(value);
    if (!match) return false;
    // As browsers write an origin: no default port.
    const port = match[3];
    return !(port && ((match[1] === "http" && port === "80") || (match[1] === "https" && port === "443")));
  }, "origin must be an address's origin only, e.g. https://app.example.com or http://localhost:5173");

export const createInContextTokenBodySchema = z.object({ origin: appOriginSchema });

/** What the popup posts to the app (and the token endpoint answers). */
export const inContextTokenSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  projectId: z.string(),
  origin: z.string(),
  /** The person the edits are made as, as teammates see them. */
  userName: z.string(),
  role: z.string(),
});
export type InContextToken = z.infer<typeof inContextTokenSchema>;

export const inContextKeysQuerySchema = z.object({
  /** Key names, comma-separated (as i18next gives them). */
  names: z
    .string({ error: "names is required: key names, comma-separated" })
    .min(1, "names is required: key names, comma-separated")
    .max(40_000),
  language: z.string().trim().min(1, "language is required").max(35),
});

export const inContextKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  maxLength: z.number().int().nullable(),
  source: z.string().nullable(),
  /** The text in the language asked; null: none yet. */
  text: z.string().nullable(),
  /** The stored string's version (0: none): sent back with a save, so a newer save is not overwritten. */
  version: z.number().int(),
  screenshotCount: z.number().int(),
});
export type InContextKey = z.infer<typeof inContextKeySchema>;

export const inContextKeysSchema = z.object({
  project: z.object({
    id: z.string(),
    name: z.string(),
    sourceLanguage: z.string(),
    languages: z.array(z.string()),
  }),
  language: z.string(),
  /** What the token's person may do here. */
  canEdit: z.boolean(),
  canAddScreenshots: z.boolean(),
  /** The names asked that the project has, in the order asked; the others are left out. */
  keys: z.array(inContextKeySchema),
});
export type InContextKeys = z.infer<typeof inContextKeysSchema>;

export const inContextSaveBodySchema = z.object({
  text: z.string({ error: "text is required" }).max(100_000),
  /** The version the editor started from; a newer one stored answers 409. */
  version: z.number().int().min(0).optional(),
});

export const inContextSavedSchema = z.object({ text: z.string(), version: z.number().int() });

/** A screenshot of the page, and the key's rectangle on it in the image's pixels. */
export const inContextScreenshotFormSchema = multipartBody(
  z.object({
    file: uploadedFile("file is required: the screenshot (PNG, JPEG or WebP)"),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
    width: z.coerce.number().int().min(1),
    height: z.coerce.number().int().min(1),
  }),
);

export const inContextScreenshotSchema = z.object({ id: z.string(), keyId: z.string() });
