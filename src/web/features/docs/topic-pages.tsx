import type { ComponentType } from "react";
import { AiTranslateTopic } from "./content/ai-translate.tsx";
import { ApiTopic } from "./content/api.tsx";
import { CollaborationTopic } from "./content/collaboration.tsx";
import { ExportTopic } from "./content/export.tsx";
import { ImportTopic } from "./content/import.tsx";
import { IntroductionTopic } from "./content/introduction.tsx";
import { PlaceholdersTopic } from "./content/placeholders.tsx";
import { ReviewsTopic } from "./content/reviews.tsx";
import { ToneOfVoiceTopic } from "./content/tone-of-voice.tsx";
import type { TopicId } from "./topics.ts";

/** The content of each topic: a Record, so a topic without a page does not compile. */
export const TOPIC_PAGES: Record<TopicId, ComponentType> = {
  introduction: IntroductionTopic,
  "ai-translate": AiTranslateTopic,
  "tone-of-voice": ToneOfVoiceTopic,
  placeholders: PlaceholdersTopic,
  reviews: ReviewsTopic,
  import: ImportTopic,
  export: ExportTopic,
  api: ApiTopic,
  collaboration: CollaborationTopic,
};
