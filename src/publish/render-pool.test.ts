// Story files rendered in worker threads are the same bytes as rendered inline.
import { describe, expect, it } from "vitest";
import { renderEach, storyRenderer, WORKER_THRESHOLD } from "./render-pool.js";

const story = (n: number) =>
  JSON.stringify({
    slug: `story-${n}`,
    url: `https://svc.test/stories/2026-11-21/story-${n}/`,
    headline: `Headline <${n}> & more`,
    dek: `Dek ${n}.`,
    published_at: "2026-11-21T12:00:00.000Z",
    sections: [
      { heading: "What we know", paragraphs: [{ text: `Fact ${n}.`, manifest_ids: ["m"] }] },
    ],
    cited_manifest_ids: ["m"],
    manifests: [],
  });

describe("story renderer", () => {
  it("renders in worker threads exactly what it renders inline", async () => {
    const texts = Array.from({ length: 40 }, (_, n) => story(n));
    const renderer = storyRenderer(WORKER_THRESHOLD);
    try {
      const [first, second] = await Promise.all([
        renderer.run(texts.slice(0, 20)),
        renderer.run(texts.slice(20)),
      ]);
      expect([...(first ?? []), ...(second ?? [])]).toEqual(renderEach(texts));
    } finally {
      await renderer.close();
    }
  });
});
