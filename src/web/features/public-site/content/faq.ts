export interface FaqEntry {
  question: string;
  answer: string;
}

/** Answers about what Sprog does today (README, "What works"). */
export const FAQ: FaqEntry[] = [
  {
    question: "Is my content used to train AI models?",
    answer:
      "No. Your keys, strings and files stay yours. When you use an AI feature, the text it works on and your team's tone of voice go to the AI service only to produce that answer, and never to train a model.",
  },
  {
    question: "Which AI does Sprog use?",
    answer:
      "Any service that speaks the OpenAI chat API: OpenAI, Azure OpenAI, OpenRouter, or a model you host with Ollama, vLLM or LM Studio. Every call carries your product context, brand tone and tone rules.",
  },
  {
    question: "Which file formats can I import and export?",
    answer:
      "JSON (flat, nested and i18next plurals), iOS .strings and .stringsdict, Android XML, gettext PO, XLIFF 1.2 and 2.0, CSV, Excel, Rails YAML and Flutter ARB. A file that cannot be read changes nothing.",
  },
  {
    question: "How do translations get into our app?",
    answer:
      "Export files from the Overview, or let your CI fetch them: create a project API key, then call the pull API or run the sprog CLI. An unchanged project answers 304, so polling costs almost nothing.",
  },
  {
    question: "Who can do what in a team?",
    answer:
      "The owner manages the team, its members and API keys. Admins manage projects, languages, keys and batch translations, and invite people. Reviewers edit strings, run reviews and approve translations.",
  },
  {
    question: "What does it cost?",
    answer:
      "Plans are paid per team, and each member of a team is a seat. You can try Sprog for free first; the plans and their prices are shown when you set up your team.",
  },
];
