// Feed bytes to text (docs/poll.md): the charset HTTP names, else a byte order mark, else the
// XML declaration's encoding, else UTF-8 when the bytes are valid UTF-8, else windows-1252
// (what ISO-8859-1 labels mean in practice, WHATWG Encoding). A label TextDecoder does not
// know falls through to the next source; a wrong label (UTF-8 over Latin-1 bytes, or Latin-1
// over UTF-8 bytes, as servers' defaults say) gives way to what the bytes are.
const BOMS: Array<[number[], string]> = [
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xfe, 0xff], "utf-16be"],
  [[0xff, 0xfe], "utf-16le"],
];

function decoderFor(
  label: string | undefined,
  fatal = false,
): InstanceType<typeof TextDecoder> | undefined {
  if (label === undefined) return undefined;
  try {
    return new TextDecoder(label.trim().toLowerCase(), { fatal });
  } catch {
    return undefined;
  }
}

function charsetOfContentType(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "")?.[1];
}

function charsetOfXmlDeclaration(body: Uint8Array): string | undefined {
  const head = Buffer.from(body.subarray(0, 200)).toString("latin1");
  return /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1];
}

function bomCharset(body: Uint8Array): string | undefined {
  return BOMS.find(([bytes]) => bytes.every((byte, index) => body[index] === byte))?.[1];
}

export function decodeFeedBytes(body: Uint8Array, contentType: string | undefined): string {
  const bom = bomCharset(body);
  // A BOM is stronger evidence than a label (WHATWG "decode"): it names how the bytes were written.
  const labelled =
    decoderFor(bom) ??
    decoderFor(charsetOfContentType(contentType)) ??
    decoderFor(charsetOfXmlDeclaration(body));
  // A label that says UTF-8 over bytes that are not is wrong (servers default to it): the
  // bytes decide then, as for an unlabelled document.
  if (labelled !== undefined && labelled.encoding !== "utf-8") {
    // Latin-1 text almost never forms valid multi-byte UTF-8 ("Ã©"), so valid UTF-8 under a
    // Latin-1 label (Apache's old default) is UTF-8.
    if (labelled.encoding !== "windows-1252" || !hasHighBytes(body)) return labelled.decode(body);
    return decodeUtf8(body) ?? labelled.decode(body);
  }
  return decodeUtf8(body) ?? new TextDecoder("windows-1252").decode(body);
}

function hasHighBytes(body: Uint8Array): boolean {
  return body.some((byte) => byte >= 0x80);
}

function decodeUtf8(body: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return undefined;
  }
}
