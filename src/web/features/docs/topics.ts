/**
 * The documentation topics of `/docs/{featureId}` (spec point 2), in sidebar order. The landing
 * page links its feature items to these ids, so they are part of the public address space: keep
 * them stable.
 */
export const TOPIC_IDS = [
  "introduction",
  "ai-translate",
  "tone-of-voice",
  "placeholders",
  "reviews",
  "import",
  "export",
  "api",
  "collaboration",
] as const;
export type TopicId = (typeof TOPIC_IDS)[number];

export interface DocTopic {
  id: TopicId;
  /** The sidebar label and the page's one h1. */
  title: string;
  /** One sentence: the welcome page's list and the page description. */
  summary: string;
}

/** The heading of what an unknown id shows (the generic welcome text). */
export const WELCOME_TITLE = "Welcome to the Sprog documentation";

/** `/docs` without an id shows this topic. */
export const DEFAULT_TOPIC_ID: TopicId = "introduction";

const TOPIC_TEXT: Record<TopicId, Omit<DocTopic, "id">> = {
  introduction: {
    title: "Introduction",
    summary: "What Sprog is, how teams work in it, and how to sign up and start a project.",
  },
  "ai-translate": {
    title: "AI translation",
    summary:
      "Translate one string or a whole language with AI, reuse earlier translations, and polish source text.",
  },
  "tone-of-voice": {
    title: "Tone of voice",
    summary: "Product context, brand tone and rules that every AI call of your team follows.",
  },
  placeholders: {
    title: "Placeholders and quality checks",
    summary:
      "The placeholder formats Sprog understands, how it converts them, and the quality checks every string gets.",
  },
  reviews: {
    title: "Reviews",
    summary: "Work lists of keys, done language by language, with an approval per translation.",
  },
  import: {
    title: "Import",
    summary: "Bring translation files into a project: formats, language guessing and options.",
  },
  export: {
    title: "Export",
    summary: "Download a project's translations as files in a zip, in the format your app reads.",
  },
  api: {
    title: "API, CLI and webhooks",
    summary:
      "Push source files and pull translations from CI/CD with a project API key and the sprog CLI, let coding agents work in the project over MCP, tell your tools with webhooks, and ship translations to running apps over the air.",
  },
  collaboration: {
    title: "Team collaboration",
    summary:
      "Teams, members, invites, what owners, admins and reviewers may do, comments on strings, the activity feed, and single sign-on with your company's identity provider.",
  },
};

export const DOC_TOPICS: readonly DocTopic[] = TOPIC_IDS.map((id) => ({ id, ...TOPIC_TEXT[id] }));

export function isTopicId(value: string): value is TopicId {
  return (TOPIC_IDS as readonly string[]).includes(value);
}

/**
 * The topic a `featureId` route parameter names: none given means the default topic; an unknown id
 * gives undefined (the page then shows the generic welcome text).
 */
export function findTopic(featureId: string | undefined): DocTopic | undefined {
  const id = featureId === undefined || featureId === "" ? DEFAULT_TOPIC_ID : featureId;
  return DOC_TOPICS.find((topic) => topic.id === id);
}

export function topicPath(id: TopicId): string {
  return `/docs/${id}`;
}

/** The topics before and after `id` in sidebar order, for the links at the end of a page. */
export function neighbours(id: TopicId): { previous?: DocTopic; next?: DocTopic } {
  const index = TOPIC_IDS.indexOf(id);
  return { previous: DOC_TOPICS[index - 1], next: DOC_TOPICS[index + 1] };
}
