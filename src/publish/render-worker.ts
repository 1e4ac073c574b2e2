// Worker thread entry: renders and writes batches of story files for the publisher.
import { serveWorker } from "../workers/serve-worker.js";
import { renderAndWrite } from "./render-pool.js";

serveWorker(renderAndWrite);
