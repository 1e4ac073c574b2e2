// Worker thread entry: validates batches of record texts for the validation pool.
import { parentPort } from "node:worker_threads";
import { type RecordText, validateRecords } from "./validate-records.js";

parentPort?.on("message", (message: { id: number; records: RecordText[] }) => {
  parentPort?.postMessage({ id: message.id, results: validateRecords(message.records) });
});
