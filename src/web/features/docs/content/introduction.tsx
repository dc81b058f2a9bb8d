import { LANGUAGES } from "../../../../shared/languages.ts";
import {
  CODE_EXPIRY_MINUTES,
  MAX_CODE_ATTEMPTS,
  OTP_LENGTH,
  RESEND_WAIT_SECONDS,
} from "../../../../shared/schemas/auth.ts";
import { DEFAULT_SOURCE_LANGUAGE } from "../../../../shared/schemas/projects.ts";
import { Callout, Code, DocSection, Kbd, List, P, SubHeading, TopicLink, Ui } from "../components/prose.tsx";
import { rolesWith } from "../permission-texts.ts";

export function IntroductionTopic() {
  return (
    <>
      <DocSection id="what-sprog-is" title="What Sprog is">
        <P>
          Sprog is where a software team keeps the text of its apps in every language. You write the source
          text, translate it by hand or with an AI service that follows your team's product context and tone
          of voice, review it with your team, and ship it to your apps as files or through a pull API in
          CI/CD.
        </P>
        <P>It is made for designers, copywriters, localization managers, developers and product teams.</P>
        <SubHeading>How it is organised</SubHeading>
        <List>
          <li>
            <Ui>Teams</Ui> are the people who work together. Everyone belongs to at least one team and has a
            role in it: owner, admin or reviewer (see{" "}
            <TopicLink to="collaboration">Team collaboration</TopicLink>
            ).
          </li>
          <li>
            A team owns <Ui>projects</Ui>, usually one per app or website. A project has an ordered list of
            languages; the first is its source language ({DEFAULT_SOURCE_LANGUAGE} for a new project). Sprog
            knows {LANGUAGES.length} languages, regional variants such as pt-BR and es-419 included.
          </li>
          <li>
            A project holds <Ui>translation keys</Ui> such as <Code>checkout.pay_button</Code>. Each key has
            one <Ui>string</Ui> per language: the text your app shows.
          </li>
        </List>
      </DocSection>

      <DocSection id="sign-up" title="Sign up and onboarding">
        <P>
          There are no passwords. You sign up and sign in with a one-time code sent to your e-mail address.
        </P>
        <List ordered>
          <li>
            Open <Ui>Get Started</Ui> (<Code>/signup</Code>), enter your e-mail address and press{" "}
            <Ui>Continue</Ui>.
          </li>
          <li>
            Enter the {OTP_LENGTH}-digit code from the e-mail. A code is valid for {CODE_EXPIRY_MINUTES}{" "}
            minutes and stops working after {MAX_CODE_ATTEMPTS} wrong tries. <Ui>Resend</Ui> becomes available{" "}
            {RESEND_WAIT_SECONDS} seconds after each send.
          </li>
          <li>Enter your first name (required) and last name (optional).</li>
          <li>
            Name your team and press <Ui>Complete Setup</Ui>. You are its owner.
          </li>
          <li>
            Choose a plan (Monthly or Yearly; a new team's first plan starts with a free trial), or press{" "}
            <Ui>Skip for now</Ui> and choose one later under <Ui>Your plan</Ui> on the <Ui>Team</Ui> tab. On a
            server without billing set up, this step says paid plans are not available and <Ui>Continue</Ui>{" "}
            goes on: every team has every feature and there is nothing to choose.
          </li>
        </List>
        <P>
          Sprog then opens the <Ui>Overview</Ui> (<Code>/app/overview</Code>). Next time, use <Ui>Log In</Ui>{" "}
          (<Code>/login</Code>) with the same address: a new code signs you in, and your session renews while
          you use Sprog.
        </P>
        <Callout>
          <P>
            Invited by a team? Sign up or log in with the address the invitation went to. You join the team as
            soon as your code is accepted, so you skip creating a team and choosing a plan.
          </P>
        </Callout>
        <Callout>
          <P>
            Running Sprog yourself without an e-mail server (no <Code>SMTP_URL</Code>)? The code is written to
            the server log instead of being sent.
          </P>
        </Callout>
      </DocSection>

      <DocSection id="workflow" title="The workflow">
        <SubHeading>1. Create a project</SubHeading>
        <P>
          On the Overview, <Ui>Create Project</Ui> asks for a name. A new project has one language, English,
          as its source. Creating, renaming and deleting projects is for {rolesWith("projects.manage")}. The
          gear button in the toolbar opens <Ui>Project Settings</Ui>: <Ui>General</Ui> (name, placeholder
          format, delete), <Ui>Languages</Ui> and, for the owner, <Ui>API Access</Ui>.
        </P>
        <SubHeading>2. Add languages</SubHeading>
        <P>
          <Ui>+ Add language</Ui> after the language tabs on the Overview (or <Ui>Add a language</Ui> on a
          project that has only its source language, or <Ui>Project Settings → Languages</Ui>) searches the
          catalogue by name or code. The arrows in <Ui>Project Settings → Languages</Ui> reorder the
          languages; the source language cannot be removed. Removing a language hides its strings but keeps
          them, so adding it back loses nothing.
        </P>
        <SubHeading>3. Add keys</SubHeading>
        <P>
          <Ui>New</Ui> adds a key with its source text, or <TopicLink to="import">import</TopicLink> a file
          you already have. Key names are unique in a project. The Overview groups keys by the part of the
          name before the first separator (<Code>auth.login.title</Code> is in <Code>auth</Code>); keys
          without one are under <Ui>Other</Ui>. <Ui>Search keys...</Ui> filters by key name and text.
        </P>
        <SubHeading>4. Translate</SubHeading>
        <P>
          The Overview shows the key, the source language and one target language; the tabs above the table
          pick the target and show how many strings it is missing. Click a cell to edit it:
        </P>
        <List>
          <li>
            <Kbd>Enter</Kbd> saves, <Kbd>Shift</Kbd>+<Kbd>Enter</Kbd> starts a new line, <Kbd>Escape</Kbd>{" "}
            discards. Clicking elsewhere with unsaved changes asks whether to save them.
          </li>
          <li>
            <Kbd>Tab</Kbd> saves and opens the same language's cell of the next key, so you can work down a
            column; <Kbd>Shift</Kbd>+<Kbd>Tab</Kbd> goes to the previous key. At the last (or first) key it
            saves and stays on the cell. <Kbd>Alt</Kbd>+<Kbd>↑</Kbd> reaches the writing assistant above a
            source text, <Kbd>Alt</Kbd>+<Kbd>↓</Kbd> the translation memory's suggestions below a translation.
          </li>
          <li>
            Without an open editor, the arrow keys move between cells, <Kbd>Enter</Kbd> or <Kbd>Space</Kbd>{" "}
            opens one, and <Kbd>Tab</Kbd> goes on to the cell's buttons (<Ui>Copy</Ui>, <Ui>Translate</Ui>,{" "}
            <Ui>History</Ui>, comments).
          </li>
          <li>
            Every value is kept in the cell's <Ui>History</Ui> with who wrote it and how (by hand, import, AI
            or restore); any older value can be restored.
          </li>
          <li>
            If someone else saved the same cell while you were editing, Sprog shows their text and lets you{" "}
            <Ui>Keep theirs</Ui> or <Ui>Overwrite</Ui>. Both stay in the history.
          </li>
          <li>Everyone looking at the project sees edits appear live.</li>
        </List>
        <P>
          Or let AI do it, for one cell or a whole language: see{" "}
          <TopicLink to="ai-translate">AI translation</TopicLink>. A cell the AI wrote says{" "}
          <Ui>AI · unverified</Ui> until someone saves it (pressing <Kbd>Enter</Kbd> on it unchanged is
          enough) or approves it in a review.
        </P>
        <SubHeading>Filters and columns</SubHeading>
        <P>
          Under the language tabs, filters narrow the keys by their text in the selected language:{" "}
          <Ui>Missing</Ui>, <Ui>Translated</Ui>, <Ui>Unverified AI</Ui>, <Ui>Placeholder problems</Ui>,{" "}
          <Ui>Has description</Ui>, an approval state, a tag and <Ui>Changed since</Ui> a date. Each shows how
          many keys it keeps; together, a key must match them all. They are part of the page's address, as is
          the search, so copying the link shares the view. With filters on, <Ui>Translate N missing</Ui>{" "}
          translates the filtered keys only. <Ui>Columns</Ui> adds more target languages beside the selected
          one; Sprog remembers them per project.
        </P>
        <SubHeading>5. Review</SubHeading>
        <P>
          Select keys in the Overview and press <Ui>Review</Ui> to put them on a work list, then approve each
          translation. See <TopicLink to="reviews">Reviews</TopicLink>.
        </P>
        <SubHeading>6. Ship</SubHeading>
        <P>
          <TopicLink to="export">Export</TopicLink> downloads the files, in the format your app reads, as a
          zip. In CI/CD, the <TopicLink to="api">pull API and CLI</TopicLink> fetch them with a project API
          key.
        </P>
      </DocSection>
    </>
  );
}
