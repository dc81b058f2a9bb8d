import { useEffect, useRef } from "react";
import { fillPath } from "../../shared/contract/path-params.ts";
import { eventsContract } from "../../shared/contract/transfer.ts";
import {
  type ProjectEvent,
  type ProjectEventType,
  projectEventSchemas,
  STREAM_ENDED_EVENT,
} from "../../shared/events.ts";

const eventsPath = eventsContract.stream["~orpc"].route.path ?? "";

export type ProjectEventHandler = (event: ProjectEvent) => void;

const EVENT_TYPES = Object.keys(projectEventSchemas) as ProjectEventType[];

/** Parses one SSE message of the given type; undefined when it does not match the contract. */
export function parseProjectEvent(type: string, data: string): ProjectEvent | undefined {
  if (!(type in projectEventSchemas)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const eventType = type as ProjectEventType;
  const parsed = projectEventSchemas[eventType].safeParse(json);
  if (!parsed.success) return undefined;
  return { type: eventType, data: parsed.data } as ProjectEvent;
}

export interface ProjectEventsOptions {
  /** Called after the stream (re)connects; a reconnect may have missed events, so refresh then. */
  onReconnect?: () => void;
  /** The branch's id (issue 39): its events instead of main's. EventSource sends no headers. */
  branch?: string | null;
}

/**
 * Subscribes to the project's event stream (Server-Sent Events, same-origin cookie) while mounted:
 * one EventSource per project, closed on unmount or when the project changes. When the server ends
 * the stream because access ended, it stays closed: a reconnect would only be refused. (A refused
 * reconnect, 401/404/429, closes an EventSource by itself, so that never loops either.)
 */
export function useProjectEvents(
  projectId: string | null,
  onEvent: ProjectEventHandler,
  options: ProjectEventsOptions = {},
): void {
  const handlerRef = useRef(onEvent);
  const reconnectRef = useRef(options.onReconnect);
  handlerRef.current = onEvent;
  reconnectRef.current = options.onReconnect;

  const branch = options.branch ?? null;

  useEffect(() => {
    if (!projectId || typeof EventSource === "undefined") return;
    const query = branch ? `?branch=${encodeURIComponent(branch)}` : "";
    const source = new EventSource(`/api${fillPath(eventsPath, { projectId })}${query}`, {
      withCredentials: true,
    });
    let opened = false;
    let lostConnection = false;
    const listeners = EVENT_TYPES.map((type) => {
      const listener = (message: MessageEvent<string>) => {
        const event = parseProjectEvent(type, message.data);
        if (event) handlerRef.current(event);
      };
      source.addEventListener(type, listener);
      return [type, listener] as const;
    });
    const ended = () => source.close();
    source.addEventListener(STREAM_ENDED_EVENT, ended);
    source.onopen = () => {
      if (opened && lostConnection) reconnectRef.current?.();
      opened = true;
      lostConnection = false;
    };
    source.onerror = () => {
      lostConnection = true;
    };
    return () => {
      for (const [type, listener] of listeners) source.removeEventListener(type, listener);
      source.removeEventListener(STREAM_ENDED_EVENT, ended);
      source.close();
    };
  }, [projectId, branch]);
}
