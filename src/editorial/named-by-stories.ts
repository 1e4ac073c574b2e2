// Which words the day's news names in more than one story's title: a surname that the titles
// of several stories of a topic's window name is one a reader can place (a president, a party
// leader), where one named in a single story, or only inside stories' texts (a committee
// member, an aide), is known only from the story that introduces it (compose/short-names.ts).
import type { ManifestReading } from "./text/manifest-reading.js";
import { STOP_WORD, type TermDictionary } from "./text/term-dictionary.js";
import { hasNonAscii } from "../text/ascii.js";

/**
 * Whether a word is named by the titles of two stories of the topic or more
 * (ComposeInput.namedElsewhere): each cluster's titles are counted once per term, before
 * composition drops the readings.
 */
export function namedByOtherStories(
  dictionary: TermDictionary,
  clusters: readonly (readonly ManifestReading[])[],
): (word: string, language: string) => boolean {
  const stories = new Uint32Array(dictionary.size);
  const lastCluster = new Int32Array(dictionary.size).fill(-1);
  clusters.forEach((readings, cluster) => {
    for (const reading of readings) {
      for (const id of reading.title) {
        if (id < 0 || lastCluster[id] === cluster) continue;
        lastCluster[id] = cluster;
        stories[id]! += 1;
      }
    }
  });
  return (word, language) => {
    const id = dictionary.wordId(language, word, 0, word.length, !hasNonAscii(word));
    // A stop word is no one's name; a word no reading holds is named by no story.
    return id === STOP_WORD || (id < stories.length && stories[id]! >= 2);
  };
}
