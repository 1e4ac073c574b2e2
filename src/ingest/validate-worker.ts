// Worker thread entry: validates batches of record texts for ingest.
import { serveWorker } from "../workers/serve-worker.js";
import { validateRecords } from "./validate-records.js";

serveWorker(validateRecords);
