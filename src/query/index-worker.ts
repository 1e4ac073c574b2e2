// Worker thread entry: builds one index of a tree (index-jobs.ts) and sends it back.
import { serveWorker } from "../workers/serve-worker.js";
import { runIndexJob } from "./index-jobs.js";

serveWorker(runIndexJob);
