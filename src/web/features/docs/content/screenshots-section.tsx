import { Code, DocSection, List, P, TopicLink, Ui } from "../components/prose.tsx";
import { rolesWith } from "../permission-texts.ts";

const capital = (text: string) => text.replace(/^./, (c) => c.toUpperCase());

/** Section `screenshots` of the docs topic collaboration: screenshots of keys (issue 21). */
export function ScreenshotsSection() {
  return (
    <DocSection id="screenshots" title="Screenshots">
      <P>
        A screenshot shows translators, reviewers and the AI where a key's text appears. The camera beside a
        key's name in the Overview and in a review shows how many screenshots the key has and opens them, with
        the key's place on each image outlined.
      </P>
      <List>
        <li>
          {capital(rolesWith("screenshots.manage"))} can upload screenshots: hover a key, choose the camera,
          then <Ui>Upload screenshot</Ui> or drop an image. PNG, JPEG and WebP images up to 5 MB (the server's{" "}
          <Code>SCREENSHOT_MAX_BYTES</Code>) and 40 megapixels are accepted; the type is read from the file
          itself, so anything else is refused with “This file is not a PNG, JPEG or WebP image”.
        </li>
        <li>
          One screenshot can show several keys: <Ui>Link to other keys</Ui> finds a key by search, then you
          drag a rectangle around its text on the image (or keep the whole image) and <Ui>Save links</Ui>.
          Keys of other projects cannot be linked.
        </li>
        <li>
          {capital(rolesWith("screenshots.view"))} can see the screenshots; deleting one removes it from every
          key it is linked to.
        </li>
        <li>
          With an AI endpoint that reads images, <TopicLink to="ai-translate">AI translation</TopicLink> sends
          the key's most recent screenshot with the request.
        </li>
      </List>
    </DocSection>
  );
}
