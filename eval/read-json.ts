// A JSON file the eval is given (a question file, a blind audit's verdicts): its text parsed,
// or an error naming the file: one that cannot be read, or is not JSON.
import { readFileSync } from "node:fs";

export function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`${path}: cannot be read (${(error as Error).message})`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: not JSON (${(error as Error).message})`, { cause: error });
  }
}
