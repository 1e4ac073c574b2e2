// Worker thread entry: composes batches of stories for the builder.
import { serveWorker } from "../../workers/serve-worker.js";
import { composeJobs } from "./compose-jobs.js";

serveWorker(composeJobs);
