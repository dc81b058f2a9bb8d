import type { Kysely } from "kysely";
import type { z } from "zod";
import { isUuid } from "../../shared/ids.ts";
import type {
  CreatedWebhook,
  createWebhookBodySchema,
  updateWebhookBodySchema,
  Webhook,
  WebhookDelivery,
} from "../../shared/schemas/webhooks.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { checkWebhookUrl } from "./address-guard.ts";
import {
  deleteHook,
  insertHook,
  presentDelivery,
  presentWebhook,
  selectDeliveries,
  selectHook,
  selectProjectHooks,
  updateHook,
} from "./queries.ts";
import { generateWebhookSecret } from "./signature.ts";
import type { WebhookDispatch } from "./webhook-dispatch.ts";

/**
 * A project's webhooks (issue 20). Callers are authorized before: a session with `webhooks.manage`
 * on the project, or an API key of the project with the `webhooks:manage` scope.
 *
 * The secret is stored as it is, not hashed: each delivery is signed with it. Nor is it encrypted:
 * the only key the server has to encrypt with is AUTH_SECRET, which by default lives in the same
 * database (app_settings), so encryption would protect nothing a database dump does not also hold,
 * and where AUTH_SECRET is set, rotating it would silently break every hook's signatures. A leaked
 * secret is replaced by deleting the hook and making a new one.
 */
export function createWebhookService(deps: {
  db: Kysely<DB>;
  dispatch: WebhookDispatch;
  allowPrivate: boolean;
}) {
  const { db, dispatch, allowPrivate } = deps;

  async function hookOf(projectId: string, id: string) {
    const row = isUuid(id) ? await selectHook(db, id) : undefined;
    if (!row || row.project_id !== projectId) throw new AppError("not_found", "Webhook not found");
    return row;
  }

  return {
    async list(projectId: string): Promise<Webhook[]> {
      return (await selectProjectHooks(db, projectId)).map(presentWebhook);
    },

    /** The answer carries the signing secret: the only time anyone sees it. */
    async create(
      projectId: string,
      createdBy: string | null,
      body: z.output<typeof createWebhookBodySchema>,
    ): Promise<CreatedWebhook> {
      await checkWebhookUrl(body.url, allowPrivate);
      const secret = generateWebhookSecret();
      const row = await insertHook(db, {
        project_id: projectId,
        url: body.url,
        events: body.events,
        secret,
        enabled: body.enabled ?? true,
        created_by: createdBy,
      });
      return { ...presentWebhook(row), secret };
    },

    async update(
      projectId: string,
      id: string,
      body: z.output<typeof updateWebhookBodySchema>,
    ): Promise<Webhook> {
      const hook = await hookOf(projectId, id);
      if (body.url !== undefined) await checkWebhookUrl(body.url, allowPrivate);
      const turnedOn = body.enabled === true && !hook.enabled;
      const row = await updateHook(db, id, {
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.events !== undefined ? { events: body.events } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        // Turned on or off by a person: the server's reason no longer applies, the count starts over.
        ...(body.enabled !== undefined ? { disabled_reason: null } : {}),
        ...(turnedOn ? { consecutive_failures: 0 } : {}),
      });
      if (!row) throw new AppError("not_found", "Webhook not found");
      return presentWebhook(row);
    },

    async remove(projectId: string, id: string): Promise<void> {
      await hookOf(projectId, id);
      await deleteHook(db, id);
    },

    /** "Send test": one `ping` delivery, queued like any other; its attempt shows in the log. */
    async test(projectId: string, id: string): Promise<{ deliveryId: string }> {
      await hookOf(projectId, id);
      return { deliveryId: await dispatch.ping(projectId, id) };
    },

    async deliveries(projectId: string, id: string): Promise<WebhookDelivery[]> {
      await hookOf(projectId, id);
      return (await selectDeliveries(db, id)).map(presentDelivery);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
