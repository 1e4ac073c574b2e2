// Reads a response body into memory, decompressed (gzip, deflate, br), stopping as soon as it
// passes the size cap: a 50 MB answer costs at most the cap, never 50 MB.
import type { IncomingMessage } from "node:http";
import type { Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

export class BodyTooLargeError extends Error {
  readonly code = "SVC_BODY_TOO_LARGE";
}

export class BadEncodingError extends Error {
  readonly code = "SVC_BAD_ENCODING";
}

function decoderFor(encoding: string | undefined): Transform | undefined {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

export async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  const decoder = decoderFor(response.headers["content-encoding"]);
  if (decoder === undefined && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new BodyTooLargeError(`the body is ${declared} bytes, over the ${maxBytes}-byte limit`);
  }
  const source = decoder === undefined ? response : response.pipe(decoder);
  if (decoder !== undefined) {
    // A failed or aborted response ends the decoder too, so the read below never hangs.
    response.once("error", (error) => decoder.destroy(error));
    response.once("aborted", () => decoder.destroy(new Error("the connection was closed")));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        throw new BodyTooLargeError(`the body passed the ${maxBytes}-byte limit`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    response.destroy();
    decoder?.destroy();
    if (error instanceof BodyTooLargeError) throw error;
    const code = (error as { code?: string }).code ?? "";
    if (decoder !== undefined && code.startsWith("Z_")) {
      throw new BadEncodingError(
        `the ${String(response.headers["content-encoding"])} body is corrupt: ${(error as Error).message}`,
      );
    }
    throw error;
  }
  if (!response.complete) throw new Error("the connection closed before the body ended");
  return Buffer.concat(chunks, size);
}
