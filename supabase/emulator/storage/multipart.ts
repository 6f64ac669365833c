// A small multipart/form-data reader for the one shape Storage uploads use: a few text fields
// (cacheControl, contentType, metadata) and one file part. The body is already in memory and
// size-limited by the server.

export interface MultipartPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function dispositionParam(disposition: string, param: string): string | null {
  const match = new RegExp(`;\\s*${param}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disposition);
  if (match?.[1] !== undefined) return match[1].replace(/\\(.)/g, '$1');
  const bare = new RegExp(`;\\s*${param}=([^;\\s]*)`, 'i').exec(disposition);
  return bare?.[1] ?? null;
}

/** Splits the body into parts; returns null when it is not well-formed multipart. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let position = body.indexOf(delimiter);
  if (position < 0) return null;

  for (;;) {
    position += delimiter.length;
    // The closing delimiter ends with "--".
    if (body[position] === 0x2d && body[position + 1] === 0x2d) return parts;
    if (body[position] === 0x0d && body[position + 1] === 0x0a) position += 2;
    else return null;

    const headerEnd = body.indexOf('\r\n\r\n', position);
    if (headerEnd < 0) return null;
    const headers = new Map<string, string>();
    for (const line of body.toString('utf8', position, headerEnd).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }

    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next < 0) return null;
    const disposition = headers.get('content-disposition') ?? '';
    parts.push({
      name: dispositionParam(disposition, 'name') ?? '',
      filename: dispositionParam(disposition, 'filename'),
      contentType: headers.get('content-type') ?? null,
      data: body.subarray(headerEnd + 4, next),
    });
    position = next + 2;
  }
}
