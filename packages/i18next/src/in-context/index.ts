import type { i18n as I18n } from "i18next";
import type { InContextSession, MarkerControl, SprogInContextOptions } from "../in-context-loader.ts";
import { createApi } from "./api.ts";
import { watchMarkers } from "./dom-scan.ts";
import { openEditor } from "./editor.ts";
import { watchPicks } from "./highlight.ts";
import { captureViewport } from "./screenshot.ts";
import { forgetToken, type InContextToken, listenForToken, openSignIn, readToken } from "./token.ts";
import { createSurface, createToolbar } from "./ui.ts";

/**
 * In-context editing, loaded by `sprogInContext` when it starts (a chunk of its own). Apps do not
 * call this themselves.
 */
export function startInContext(
  i18n: I18n,
  options: SprogInContextOptions,
  control: MarkerControl,
): InContextSession {
  const { url, projectId } = options;
  const surface = createSurface();
  const scanner = watchMarkers(document.body, control.keys.key);
  let token: InContextToken | undefined = readToken(projectId);
  let editor: { close(): void } | undefined;
  const api = createApi(url, () => token?.token ?? "");

  function signOut(message?: string): void {
    token = undefined;
    forgetToken(projectId);
    editor?.close();
    toolbar.signedOut(message);
  }

  const toolbar = createToolbar(surface.toolbar, {
    signIn: () => {
      if (!openSignIn(url, projectId)) {
        toolbar.say(
          "The browser blocked Sprog's sign-in window: allow pop-ups for this page, then try again.",
        );
      }
    },
    stop: () => signOut("Editing stopped"),
  });

  const stopListening = listenForToken(url, projectId, (received) => {
    token = received;
    toolbar.signedIn(received.userName);
  });

  const stopPicks = watchPicks({
    scanner,
    layer: surface.layer,
    host: surface.host,
    enabled: () => token !== undefined && editor === undefined,
    pick(target) {
      if (!readToken(projectId)) {
        signOut("Your Sprog sign-in has ended. Sign in again to edit texts.");
        return;
      }
      editor = openEditor(
        {
          i18n,
          api,
          container: surface.dialogs,
          root: surface.root,
          capture: captureViewport,
          onSignedOut: () => signOut("Your Sprog sign-in has ended. Sign in again to edit texts."),
          onSaved: (message) => toolbar.say(message),
          onClose: () => {
            editor = undefined;
          },
        },
        target,
        scanner.keysOf(target),
      );
    },
  });

  if (token) toolbar.signedIn(token.userName);
  else toolbar.signedOut();
  // The scanner is watching: from now on texts carry their markers, and the page renders again.
  control.setActive(true);

  return {
    stop() {
      control.setActive(false);
      stopPicks();
      stopListening();
      editor?.close();
      scanner.stop();
      surface.remove();
    },
  };
}
