import { deflateSync } from 'node:zlib';
import type { apiClient } from './http';

/** A real PNG (valid chunks and CRCs; 2×2 unless asked), built here so the bytes are a true image. */
export function pngBytes(width = 2, height = 2): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  // Each row: filter byte 0, then RGB pixels (a blue-to-teal gradient).
  const raw = Buffer.concat(
    Array.from({ length: height }, (_, y) =>
      Buffer.from([
        0,
        ...Array.from({ length: width }, (_, x) => [
          37,
          99 + Math.round((x / Math.max(1, width - 1)) * 100),
          235 - Math.round((y / Math.max(1, height - 1)) * 60),
        ]).flat(),
      ]),
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real 1×1 GIF. */
export const gifBytes = () => Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** The SPA's three steps: ask for a ticket, POST the form to its URL, confirm. */
export async function uploadImage(
  api: ReturnType<typeof apiClient>,
  baseUrl: string,
  token: string,
  bytes: Buffer,
  contentType: string,
  declaredSize = bytes.length,
  opts: { confirm?: boolean } = {},
) {
  const ticket = await api.call('POST', '/api/announcements/images', {
    token,
    body: { contentType, size: declaredSize },
  });
  if (ticket.status !== 201) throw new Error(`ticket: ${ticket.status} ${JSON.stringify(ticket.body)}`);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.body.data.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'image');
  const target = String(ticket.body.data.url).startsWith('/')
    ? `${baseUrl}${ticket.body.data.url}`
    : ticket.body.data.url;
  const upload = await fetch(target, { method: 'POST', body: form });
  const confirm =
    opts.confirm === false
      ? null!
      : await api.call('POST', `/api/announcements/images/${ticket.body.data.uploadId}/confirm`, { token });
  return { ticket, upload, confirm };
}
