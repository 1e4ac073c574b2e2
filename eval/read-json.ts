// A JSON file the eval is given (a question file, a blind audit's verdicts): its text parsed,
// or an error naming the file when it is missing or not JSON.
import { readFileSync } from "node:fs";

export function readJsonFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path}: not JSON (${(error as Error).message})`, { cause: error });
  }
}
