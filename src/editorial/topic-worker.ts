// Worker thread entry: builds the stories of one topic at a time for the builder.
import { serveWorker } from "../workers/serve-worker.js";
import { composeTopic } from "./topic-stories.js";

serveWorker(composeTopic);
