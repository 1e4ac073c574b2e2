// Worker thread entry: renders batches of story files for the publisher.
import { serveWorker } from "../workers/serve-worker.js";
import { renderEach } from "./render-pool.js";

serveWorker(renderEach);
