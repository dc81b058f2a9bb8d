import {
  Braces,
  ClipboardCheck,
  FileDown,
  FileUp,
  History,
  Languages,
  type LucideIcon,
  MessageSquareQuote,
  Radio,
  SpellCheck,
  Terminal,
  UsersRound,
  WandSparkles,
} from "lucide-react";

/** The /docs topics a feature can link to (spec point 2). */
export type DocsTopic =
  | "introduction"
  | "ai-translate"
  | "tone-of-voice"
  | "placeholders"
  | "reviews"
  | "import"
  | "export"
  | "api"
  | "collaboration";

export interface Feature {
  title: string;
  text: string;
  topic: DocsTopic;
  icon: LucideIcon;
}

export interface FeatureSection {
  /** The anchor the nav scrolls to (spec point 2). */
  id: "writers" | "localization" | "developers" | "teams";
  navLabel: string;
  audience: string;
  title: string;
  intro: string;
  features: Feature[];
}

/**
 * What the landing says Sprog does. Every line describes something that works today (README,
 * "What works"); change it when the product changes.
 */
export const FEATURE_SECTIONS: FeatureSection[] = [
  {
    id: "writers",
    navLabel: "Write",
    audience: "For writers",
    title: "Copy that reads right in your own voice",
    intro:
      "Write the source text once, well. The AI helps on every source string and follows the tone of voice your team set.",
    features: [
      {
        title: "AI grammar and tone polishing",
        text: "Fix grammar and Match tone rewrite a string so it is correct and sounds like your brand. The suggestion sits beside the original; you decide.",
        topic: "tone-of-voice",
        icon: SpellCheck,
      },
      {
        title: "Writing assistant",
        text: "Rephrase, Shorten or Expand any source string right in the editor. Accept puts the suggestion in the cell, ready to save.",
        topic: "ai-translate",
        icon: WandSparkles,
      },
      {
        title: "Your tone of voice",
        text: "Product context, brand tone and custom sections of rules that every AI call follows, edited by owners and admins.",
        topic: "tone-of-voice",
        icon: MessageSquareQuote,
      },
    ],
  },
  {
    id: "localization",
    navLabel: "Translate",
    audience: "For localization managers",
    title: "Every language, complete and consistent",
    intro:
      "See what is missing per language, translate one string or all of them, and keep placeholders intact on the way.",
    features: [
      {
        title: "AI translation in your tone",
        text: "Translate one cell, or every missing string of a language in one batch you can cancel. A string someone edits meanwhile is never overwritten.",
        topic: "ai-translate",
        icon: Languages,
      },
      {
        title: "Translation memory",
        text: "While you edit, earlier translations of the same or similar text from your team's projects, with how closely they match.",
        topic: "ai-translate",
        icon: History,
      },
      {
        title: "Universal placeholders",
        text: "Every translation is checked against its source's placeholders. Fix placeholders repairs them, and an AI answer that breaks one is never saved.",
        topic: "placeholders",
        icon: Braces,
      },
    ],
  },
  {
    id: "developers",
    navLabel: "Build",
    audience: "For developers",
    title: "Translations that ship with your build",
    intro:
      "Bring your existing files, and let CI fetch fresh translations in the format and placeholder style each platform expects.",
    features: [
      {
        title: "Import your files",
        text: "JSON (flat, nested, i18next plurals), iOS .strings and .stringsdict, Android XML, gettext PO, XLIFF, CSV, XLSX, Rails YAML and Flutter ARB.",
        topic: "import",
        icon: FileUp,
      },
      {
        title: "Export in every format",
        text: "The same formats back out, one language or a zip of all of them, with placeholders written as web {name}, iOS %@, Android %1$s and more.",
        topic: "export",
        icon: FileDown,
      },
      {
        title: "API, CLI and webhooks",
        text: "CI pushes new source strings and pulls translations with one config file and the sprog CLI; sprog check catches keys missing from the project, and signed webhooks tell your tools.",
        topic: "api",
        icon: Terminal,
      },
    ],
  },
  {
    id: "teams",
    navLabel: "Collaborate",
    audience: "For product teams",
    title: "One place for everyone who touches the text",
    intro: "Invite the team, give each person the right role, and review translations before they ship.",
    features: [
      {
        title: "Team roles",
        text: "Owners run the team, admins manage projects, languages and keys, reviewers edit and approve strings. The server enforces every role.",
        topic: "collaboration",
        icon: UsersRound,
      },
      {
        title: "Managed reviews with approvals",
        text: "Group keys into a review, approve each string or ask for changes with a comment, and mark languages as done.",
        topic: "reviews",
        icon: ClipboardCheck,
      },
      {
        title: "Live editing together",
        text: "Everyone viewing a project sees saves as they happen, and two people editing one cell get a conflict instead of a lost change.",
        topic: "collaboration",
        icon: Radio,
      },
    ],
  },
];
