import { Code, DocSection, List, P, TopicLink, Ui } from "../components/prose.tsx";

/** Docs → AI translation: everything an AI call is given, and how its answer is held to it (issue 21). */
export function AiContextSection() {
  return (
    <DocSection id="context" title="What the AI is told">
      <P>
        Every AI call (one string, a batch, the writing assistant) carries what a good translator would ask
        for:
      </P>
      <List>
        <li>
          your team's <TopicLink to="tone-of-voice">tone of voice</TopicLink>
          {";"}
        </li>
        <li>the key's name, its description for translators and its maximum length;</li>
        <li>the key's existing translations in other languages, and earlier translations of similar text;</li>
        <li>
          the{" "}
          <a href="#glossary" className="underline">
            glossary
          </a>{" "}
          terms its source text contains, with their approved translations, the names to keep and the words
          never to use;
        </li>
        <li>
          the key's screenshot, with the rectangle around the text when one is drawn (see{" "}
          <TopicLink to="collaboration">Team collaboration</TopicLink>), for models that read images. The
          server's <Code>AI_SEND_SCREENSHOTS=0</Code> turns this off; pseudo-localization never sends one.
        </li>
      </List>
      <P>And every answer is checked before it is saved:</P>
      <List>
        <li>
          an answer that drops or invents a placeholder is asked again with what was wrong, and is never saved
          broken;
        </li>
        <li>
          one that misses an approved glossary term or uses a forbidden word is asked again once with the
          correction; if it still does, it is saved and its cell shows the glossary check, so a person
          decides;
        </li>
        <li>
          what is saved is marked <Ui>AI · unverified</Ui> until a person saves or approves it, and gets the
          same <TopicLink to="placeholders">quality checks</TopicLink> as any text.
        </li>
      </List>
    </DocSection>
  );
}
