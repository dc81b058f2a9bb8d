import {
  DEFAULT_PRODUCT_CONTEXT,
  DEFAULT_SECTION_TITLE,
  DEFAULT_TONE,
  RULE_MAX,
  RULES_MAX,
  TONE_TEXT_MAX,
} from "../../../../shared/schemas/tone.ts";
import {
  Callout,
  CodeBlock,
  DocSection,
  Kbd,
  List,
  P,
  SubHeading,
  TopicLink,
  Ui,
} from "../components/prose.tsx";
import { rolesWith } from "../permission-texts.ts";

/** What the start of every AI call's instructions looks like for an example team. */
const EXAMPLE_PROMPT = `Product context: Lumen is a budgeting app for students.
Brand tone: Warm and encouraging. Short sentences.
Tone rules:
- Buttons: Start with a verb.
- Buttons: At most three words.
- Errors: Never blame the user.`;

export function ToneOfVoiceTopic() {
  return (
    <>
      <DocSection id="what-it-is" title="What the tone of voice is">
        <P>
          The <Ui>Tone of voice</Ui> tab holds what your team wants every AI call to know: what the product
          is, how it should sound, and specific rules. It belongs to the team, so it applies to all of the
          team's projects.
        </P>
        <List>
          <li>
            <Ui>Product Context</Ui>: what your product or service is and who uses it (“Provide information
            about your product or service.”).
          </li>
          <li>
            <Ui>Brand Tone</Ui>: how your brand should sound to customers (“Define how your brand should sound
            to customers.”).
          </li>
          <li>
            <Ui>Custom sections</Ui>: a title, a description and a list of rules each, for example a “Buttons”
            section with “Start with a verb”.
          </li>
        </List>
      </DocSection>

      <DocSection id="editing" title="Editing it">
        <P>
          Only {rolesWith("tone.manage")} can edit the tone of voice; everyone else in the team sees it
          read-only. <Ui>Search tone...</Ui> filters the sections and rules.
        </P>
        <SubHeading>Product context and brand tone</SubHeading>
        <P>
          Write in the block and press <Ui>Save</Ui>, or <Kbd>Ctrl</Kbd>+<Kbd>Enter</Kbd>. The text is
          trimmed; an empty block is stored as empty, and the AI then gets the default. Each block takes up to{" "}
          {TONE_TEXT_MAX.toLocaleString("en")} characters.
        </P>
        <SubHeading>Sections and rules</SubHeading>
        <List>
          <li>
            <Ui>Add Section</Ui> creates a section named “{DEFAULT_SECTION_TITLE}”. Edit its title and
            description in place: <Kbd>Enter</Kbd>, or leaving the field, saves them (<Kbd>Shift</Kbd>+
            <Kbd>Enter</Kbd> adds a line to the description).
          </li>
          <li>
            Type a rule in <Ui>Add rule...</Ui> and press <Kbd>Enter</Kbd>. Edit a rule in place (
            <Kbd>Enter</Kbd> saves) or remove it with its delete button. A section holds up to {RULES_MAX}{" "}
            rules of up to {RULE_MAX.toLocaleString("en")} characters.
          </li>
          <li>Deleting a section asks first, because it cannot be undone.</li>
        </List>
      </DocSection>

      <DocSection id="how-ai-uses-it" title="How it reaches the AI">
        <P>
          Every AI call of the team carries the product context, the brand tone and every rule of every
          section, each rule prefixed with its section's title: translating one string, translating a whole
          language, and the writing assistant (see <TopicLink to="ai-translate">AI translation</TopicLink>).
          Changes apply to the next call; nothing is re-translated by itself.
        </P>
        <CodeBlock title="The start of an AI call's instructions, for an example team" wrap>
          {EXAMPLE_PROMPT}
        </CodeBlock>
        <P>When a block is empty, the AI gets these defaults:</P>
        <List>
          <li>Product context: “{DEFAULT_PRODUCT_CONTEXT}”</li>
          <li>Brand tone: “{DEFAULT_TONE}”</li>
        </List>
        <Callout>
          <P>
            Good rules are short and checkable: “Use ‘you’, never ‘the user’”, “Keep button labels under 20
            characters”, “Write dates as 3 March 2026”. The writing assistant's <Ui>Match tone</Ui> rewrites a
            source text to follow them.
          </P>
        </Callout>
      </DocSection>
    </>
  );
}
