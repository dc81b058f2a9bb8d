import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreatedWebhook,
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
} from "../../../../shared/schemas/webhooks.ts";
import { api } from "../../../lib/api.ts";

/**
 * Project Settings → Webhooks. Keys live under the project's prefix, so whatever refreshes a
 * project's queries refreshes its webhooks too.
 */
export const webhookKeys = {
  list: (projectId: string) => ["projects", projectId, "webhooks"] as const,
  deliveries: (projectId: string, id: string) =>
    ["projects", projectId, "webhooks", id, "deliveries"] as const,
};

export function webhooksQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: webhookKeys.list(projectId),
    queryFn: async (): Promise<Webhook[]> => (await api.webhooks.list({ params: { projectId } })).webhooks,
    // A hook the server turned off shows so whenever the section opens.
    staleTime: 0,
  });
}

export function useWebhooks(projectId: string) {
  return useQuery(webhooksQueryOptions(projectId));
}

export function webhookDeliveriesQueryOptions(projectId: string, id: string) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(projectId, id),
    queryFn: async (): Promise<WebhookDelivery[]> =>
      (await api.webhooks.deliveries({ params: { projectId, id } })).deliveries,
    staleTime: 0,
  });
}

/** The log while it is open: attempts are made by a job, so it is read again every few seconds. */
export function useWebhookDeliveries(projectId: string, id: string) {
  return useQuery({ ...webhookDeliveriesQueryOptions(projectId, id), refetchInterval: 3000 });
}

/** The answer's `secret` is the only time it is shown. */
export function useCreateWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({
      mutationKey: [...webhookKeys.list(projectId), "create"],
      mutationFn: (body: CreateWebhookBody): Promise<CreatedWebhook> =>
        api.webhooks.create({ params: { projectId }, body }),
    }),
    onSuccess: ({ secret: _secret, ...created }) => {
      // The list never holds the secret.
      queryClient.setQueryData<Webhook[]>(webhookKeys.list(projectId), (old) =>
        old ? [...old.filter((hook) => hook.id !== created.id), created] : old,
      );
    },
  });
}

export function useUpdateWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webhookKeys.list(projectId), "update"],
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookBody }) =>
      api.webhooks.update({ params: { projectId, id }, body }),
    onSuccess: (updated) => {
      queryClient.setQueryData<Webhook[]>(webhookKeys.list(projectId), (old) =>
        old?.map((hook) => (hook.id === updated.id ? updated : hook)),
      );
    },
  });
}

export function useDeleteWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webhookKeys.list(projectId), "delete"],
    mutationFn: (hook: Webhook) =>
      api.webhooks.remove({ params: { projectId, id: hook.id } }).then(() => undefined),
    onSuccess: (_answer, removed) => {
      queryClient.setQueryData<Webhook[]>(webhookKeys.list(projectId), (old) =>
        old?.filter((hook) => hook.id !== removed.id),
      );
    },
  });
}

/** "Send test": queues a `ping`; the log shows its attempt. */
export function useTestWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webhookKeys.list(projectId), "test"],
    mutationFn: (hook: Webhook) => api.webhooks.test({ params: { projectId, id: hook.id } }),
    onSuccess: (_answer, hook) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(projectId, hook.id) }),
  });
}
