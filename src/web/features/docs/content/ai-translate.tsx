import { PSEUDO_NOTICE } from "../../../../shared/schemas/ai.ts";
import { ASSIST_ACTIONS, ASSIST_LABELS, ASSIST_TEXT_MAX } from "../../../../shared/schemas/assist.ts";
import {
  BATCH_CHUNK_SIZE,
  BATCH_JOB_STATUSES,
  BATCH_PAUSE_MS,
  type BatchJobStatus,
} from "../../../../shared/schemas/batch.ts";
import { MEMORY_SUGGESTION_LIMIT } from "../../../../shared/schemas/memory.ts";
import {
  Callout,
  Code,
  CodeBlock,
  DataTable,
  DocSection,
  Kbd,
  List,
  P,
  SubHeading,
  TopicLink,
  Ui,
} from "../components/prose.tsx";
import { rolesWith } from "../permission-texts.ts";
import { AI_RETRIES, MEMORY_THRESHOLDS, PSEUDO_EXAMPLE, SERVER_DEFAULTS } from "../reference-data.ts";
import { AiContextSection } from "./ai-context-section.tsx";
import { GlossarySection } from "./glossary-section.tsx";

const STATUS_MEANING: Record<BatchJobStatus, string> = {
  pending: "Queued; the bar says “Preparing…”. Cancellable.",
  processing: "Chunks are being translated; the bar says “Translating x of y”. Cancellable.",
  completed: "Every key was handled. The notice counts translated, failed and skipped keys.",
  failed: "The job stopped with an error, shown in the notice.",
  cancelled: "Someone pressed Cancel. Strings already written stay; nothing is written afterwards.",
};

const ASSIST_MEANING: Record<(typeof ASSIST_ACTIONS)[number], string> = {
  rephrase: "Says the same thing in other words.",
  shorten: "Keeps the meaning in fewer words, e.g. for a button.",
  expand: "Makes the text clearer and more helpful, a little longer.",
  fix_grammar: "Corrects grammar, spelling and punctuation only.",
  match_tone: "Rewrites the text to follow your brand tone and tone rules.",
};

export function AiTranslateTopic() {
  return (
    <>
      <DocSection id="one-string" title="Translate one string">
        <P>
          In a cell of the target language, the translate button (<Ui>Translate with AI</Ui>, or{" "}
          <Ui>Re-translate with AI</Ui> when the cell has text) translates the key's source text and saves the
          answer at once. The cell's history marks it as written by AI, so you can always restore what was
          there before. It takes the right to edit strings, which {rolesWith("strings.edit")} has.
        </P>
        <P>Each call gives the AI service:</P>
        <List>
          <li>
            your team's product context, brand tone and every rule of its tone sections (see{" "}
            <TopicLink to="tone-of-voice">Tone of voice</TopicLink>);
          </li>
          <li>the source and target language, the key name and the source text;</li>
          <li>the key's translations in the project's other languages, for consistency;</li>
          <li>
            the placeholders to keep, and up to {MEMORY_THRESHOLDS.examplesPerKey} earlier translations of
            similar text from the translation memory (below).
          </li>
        </List>
        <P>
          Sprog checks the answer's placeholders against the source. An answer that drops or invents one is
          sent back with the correction, up to {AI_RETRIES.attemptsPerString} attempts in all; if it is still
          wrong, nothing is saved and you see “Failed to translate” with what went wrong. See{" "}
          <TopicLink to="placeholders">Placeholders</TopicLink>.
        </P>
      </DocSection>

      <DocSection id="batch" title="Translate a whole language">
        <P>
          Under the language tabs, the bar of the selected language says how many keys are missing in it, and{" "}
          <Ui>Translate N missing</Ui> translates all of them. A key is missing when it has source text and no
          translation in that language. Starting and cancelling a batch is for{" "}
          {rolesWith("strings.batchTranslate")}; everyone else sees the progress.
        </P>
        <DataTable
          caption="Batch translation states"
          columns={["Status", "What it means"]}
          rowKeys={BATCH_JOB_STATUSES}
          rows={BATCH_JOB_STATUSES.map((status) => [
            <Code key={status}>{status}</Code>,
            STATUS_MEANING[status],
          ])}
          columnClassNames={["w-32"]}
        />
        <SubHeading>What it guarantees</SubHeading>
        <List>
          <li>
            A string someone writes while the batch runs is never overwritten: that key is counted as “already
            translated by someone”.
          </li>
          <li>
            Every answer is placeholder-checked like a single translation. A key whose answer stays wrong is
            counted as failed, and the rest of the batch goes on.
          </li>
          <li>
            The work is queued in the database, so it survives a restart of the server and carries on where it
            stopped. One batch per language runs at a time (“… is already being translated”); a language with
            nothing missing answers “No empty translations found for …”.
          </li>
          <li>
            On a branch, the bar translates the branch&apos;s missing strings, keys added on the branch
            included, and main&apos;s stay as they are. Main and each branch run their own batch of a
            language, and each shows only its own. Deleting the branch stops its batch (“The branch … was
            deleted: its batch translation stopped”). Translating one string and the writing assistant work on
            the branch too.
          </li>
        </List>
        <SubHeading>Limits</SubHeading>
        <DataTable
          caption="Batch translation limits"
          columns={["Limit", "Value"]}
          rows={[
            ["Keys per AI call (chunk)", `${BATCH_CHUNK_SIZE}`],
            [
              "Chunks worked on at once, per server process",
              <>
                {SERVER_DEFAULTS.AI_BATCH_CONCURRENCY} (<Code>AI_BATCH_CONCURRENCY</Code>)
              </>,
            ],
            [
              "Retries of a failed AI call",
              `${AI_RETRIES.retries}, waiting ${AI_RETRIES.backoffBaseMs / 1000} s, then twice as long each time, plus up to ${AI_RETRIES.jitterMs / 1000} s; a 429 answer's Retry-After is respected`,
            ],
            ["Pause after each chunk", `${BATCH_PAUSE_MS} ms`],
          ]}
        />
        <P>
          To start over, {rolesWith("strings.delete")} can delete all translations of a language in{" "}
          <Ui>Project Settings → Languages</Ui> (the eraser button). Each deleted value stays in its history.
        </P>
      </DocSection>

      <DocSection id="memory" title="Translation memory">
        <P>
          While you edit a translation, Sprog lists up to {MEMORY_SUGGESTION_LIMIT} translations your team
          already has for the same or similar source text, from every project of the team with the same source
          language, each with its match percentage (100 % means identical text; at least{" "}
          {MEMORY_THRESHOLDS.suggestion} % is shown). Click one, or press <Kbd>Alt</Kbd>+<Kbd>↓</Kbd> from the
          text field to reach them, to put it in the editor; it is saved when you save.
        </P>
        <P>
          Matches of {MEMORY_THRESHOLDS.example} % or more also go to the AI as examples, for single and batch
          translations, so the same phrase is translated the same way across projects.
        </P>
      </DocSection>

      <GlossarySection />

      <AiContextSection />

      <DocSection id="writing-assistant" title="Writing assistant">
        <P>
          Source-language cells have a writing assistant (the sparkles button, or the same button in the open
          editor). It works on the text in the editor, saved or not, up to{" "}
          {ASSIST_TEXT_MAX.toLocaleString("en")} characters, and follows your tone of voice:
        </P>
        <DataTable
          caption="Writing assistant actions"
          columns={["Action", "What it does"]}
          rowKeys={ASSIST_ACTIONS}
          rows={ASSIST_ACTIONS.map((action) => [ASSIST_LABELS[action], ASSIST_MEANING[action]])}
          columnClassNames={["w-36"]}
        />
        <P>
          The suggestion appears beside the original. <Ui>Accept</Ui> puts it in the editor and{" "}
          <Ui>Dismiss</Ui> drops it; nothing is saved until you save the cell.
        </P>
      </DocSection>

      <DocSection id="ai-service" title="The AI service, and what happens without one">
        <P>
          Sprog talks to any OpenAI-compatible chat API: OpenAI, Azure OpenAI, OpenRouter, or a local Ollama,
          vLLM or LM Studio. Whoever runs the server sets it up with these environment variables:
        </P>
        <DataTable
          caption="AI configuration"
          columns={["Variable", "Default", "Meaning"]}
          rows={[
            [
              <Code key="u" wrap>
                AI_BASE_URL
              </Code>,
              "OpenAI's address",
              "The endpoint of the chat API",
            ],
            [
              <Code key="k" wrap>
                AI_API_KEY
              </Code>,
              "unset",
              "Its key. Unset: pseudo-localization (below)",
            ],
            [
              <Code key="s" wrap>
                AI_SEND_SCREENSHOTS
              </Code>,
              <Code key="d">1</Code>,
              "0: send translations without the key's screenshot",
            ],
            [
              <Code key="m" wrap>
                AI_MODEL
              </Code>,
              <Code key="d">{SERVER_DEFAULTS.AI_MODEL}</Code>,
              "The model to ask",
            ],
            [
              <Code key="l" wrap>
                AI_MONTHLY_TOKEN_LIMIT
              </Code>,
              "unset (no limit)",
              "AI tokens (input and output) one team may use per calendar month (UTC)",
            ],
          ]}
        />
        <P>
          Every AI call counts for its team: the Team screen's <Ui>Usage</Ui> (owners and admins) shows this
          month's AI calls, the input and output tokens the AI service reported, the characters of source text
          sent for translation (the only count pseudo-localization has), and the team's keys, strings and
          seats. Once a team's tokens reach <Code>AI_MONTHLY_TOKEN_LIMIT</Code>, translating a cell, the
          writing assistant and starting a batch answer that the tokens are used and when AI translation is
          available again (the first day of the next month); a running batch stops there, and its remaining
          keys fail with that message, untouched.
        </P>
        <P>
          Without <Code>AI_API_KEY</Code>, a built-in pseudo-localization answers instead, so every AI feature
          still works offline and you can see which text is not translated and where a longer language would
          be cut off: letters get accents, the text grows about 30 %, and placeholders are kept.
        </P>
        <CodeBlock
          title="Pseudo-localization"
          wrap
        >{`${PSEUDO_EXAMPLE.source}  →  ${PSEUDO_EXAMPLE.output}`}</CodeBlock>
        <Callout>
          <P>
            The Overview tells owners and admins so while it is on: “{PSEUDO_NOTICE}”. Its text is marked
            “Pseudo” in every cell and in history, is never counted as translated (a language with any is
            never complete), and a batch with a real AI key replaces it.
          </P>
        </Callout>
        <P>
          Calls are made with temperature 0. Your text is sent to the AI service you configured and nowhere
          else.
        </P>
      </DocSection>
    </>
  );
}
