import { inContextContract } from "../../../../shared/contract/in-context.ts";
import { can, MEMBER_ROLES, type Permission } from "../../../../shared/permissions.ts";
import {
  IN_CONTEXT_CONNECT_PATH,
  IN_CONTEXT_TOKEN_HOURS,
  IN_CONTEXT_TOKEN_PREFIX,
} from "../../../../shared/schemas/in-context.ts";
import { Callout, Code, DataTable, Kbd, List, P, SubHeading, Ui, YesNo } from "../components/prose.tsx";
import { ROLE_LABELS } from "../permission-texts.ts";
import { SDK_FACTS, SDK_IN_CONTEXT_OPTIONS, SDK_STORAGE_KEYS } from "./release-reference.ts";

const IN_CONTEXT_API_PATH = `/api${(inContextContract.keys["~orpc"].route.path ?? "").replace(/\/keys$/, "")}`;

/** Who may do what around releases and in-context editing: rows of the permission table. */
const RIGHTS: readonly { what: string; permission: Permission }[] = [
  { what: "See the Releases tab: environments, releases, downloads", permission: "releases.view" },
  { what: "Publish, roll back or promote; Publish on review", permission: "releases.publish" },
  { what: "In the app: open the editor (key, description, source, text)", permission: "languages.view" },
  { what: "In the app: save a text", permission: "strings.edit" },
  { what: "In the app: Add screenshot", permission: "screenshots.manage" },
];

/** The in-context part of the releases section: the editor in the running app, who may do what, the token. */
export function InContextDocs() {
  return (
    <>
      <SubHeading id="releases-in-context">Edit texts in the running app</SubHeading>
      <P>
        <Code wrap>sprogInContext(i18next, options)</Code>, called after <Code>init</Code>, lets your team
        change the app's texts where they are shown, as themselves. It never takes an API key.
      </P>
      <DataTable
        caption="sprogInContext options"
        columns={["Option", "Meaning"]}
        rows={SDK_IN_CONTEXT_OPTIONS.map((option) => [
          <Code key={option.name}>{option.name}</Code>,
          option.meaning,
        ])}
        rowKeys={SDK_IN_CONTEXT_OPTIONS.map((option) => option.name)}
        columnClassNames={["w-32"]}
      />
      <List ordered>
        <li>
          Editing starts when <Code>enabled</Code> is true, when the page's address has{" "}
          <Code>?{SDK_FACTS.editQueryParameter}</Code>, or when the browser tab already holds a sign-in for
          the project. A <Ui>Sign in to Sprog to edit texts</Ui> button appears at the bottom right.
        </li>
        <li>
          It opens Sprog in a popup (<Code wrap>{`${IN_CONTEXT_CONNECT_PATH}?project=…&origin=…`}</Code>). A
          signed-out person signs in there first. The page says which address wants to edit which project, as
          whom and with which role; <Ui>Allow</Ui> sends a token to the app's window, addressed to its origin
          only, and closes.
        </li>
        <li>
          Hold <Kbd>Alt</Kbd> (<Kbd>Option</Kbd> on a Mac) to outline the texts that can be edited.{" "}
          <Kbd>Alt</Kbd>+click one, or <Kbd>Alt</Kbd>+<Kbd>Enter</Kbd> while focus is in it, to open the
          editor: the key, its description, the source text, the text in the page's language, and the count
          against the key's max length. Where one element shows several texts, pick one.
        </li>
        <li>
          <Ui>Save</Ui> (<Kbd>Ctrl</Kbd>/<Kbd>Cmd</Kbd>+<Kbd>Enter</Kbd>) changes the text in Sprog and on the
          page at once; <Kbd>Escape</Kbd> closes. A save is like one in the editor: your name in the history,
          the quality checks, and if someone saved a newer text meanwhile it is shown to you instead of
          overwritten. Apps get it with the next release.
        </li>
        <li>
          <Ui>Add screenshot</Ui> attaches a picture of the window to the key, with the text's place marked on
          it: translators and the AI then see where it is shown.
        </li>
        <li>
          <Ui>Stop editing</Ui> ends it in this tab.
        </li>
      </List>
      <DataTable
        caption="Who may do what"
        columns={["What", ...MEMBER_ROLES.map((role) => ROLE_LABELS[role])]}
        rows={RIGHTS.map((right) => [
          right.what,
          ...MEMBER_ROLES.map((role) => <YesNo key={role} value={can(role, right.permission)} />),
        ])}
        rowKeys={RIGHTS.map((right) => right.permission)}
        columnClassNames={[undefined, ...MEMBER_ROLES.map(() => "w-16 px-2 text-center")]}
      />
      <List>
        <li>
          The token works from the one origin it was allowed for (each request's <Code>Origin</Code> is
          checked against it), on one project, with the rights of the person's role today, for{" "}
          {IN_CONTEXT_TOKEN_HOURS} hours, and stops once that person is no longer signed in to Sprog anywhere.
          It starts with <Code>{IN_CONTEXT_TOKEN_PREFIX}</Code>, and Sprog keeps only its SHA-256.
        </li>
        <li>
          The SDK keeps it in <Code>sessionStorage</Code> under <Code wrap>{SDK_STORAGE_KEYS.token}</Code>: it
          ends with the tab. Its requests go to <Code>{IN_CONTEXT_API_PATH}/…</Code> on the Sprog server with{" "}
          <Code>Authorization: Bearer</Code> and no cookies. Once it stops working the page says so and asks
          to sign in again.
        </li>
      </List>
      <Callout kind="warning">
        <P>
          Allow only your own app's address: any page there can use the token while it lasts. While editing is
          on, each text i18next returns ends in a few invisible characters naming its key (the editor strips
          them from the page), and text the app compares or measures carries them too: turn editing on where
          your team edits (development, a staging build, <Code>?{SDK_FACTS.editQueryParameter}</Code>
          ), not for everyone.
        </P>
      </Callout>
    </>
  );
}
