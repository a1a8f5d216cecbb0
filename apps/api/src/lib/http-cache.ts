import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sending an answer that is cached in memory: ETag revalidation (304), and the compressed
 * forms made once per answer instead of once per request.
 */

export type SendableBody = {
  body: string;
  etag: string;
  /** Compressed forms, filled on first use. */
  encoded?: { br?: Buffer; gzip?: Buffer };
  /**
   * Sent for the request(s) of the moment and not kept (a page no cache holds): compressed
   * quickly rather than tightly, see FAST_BROTLI_QUALITY.
   */
  once?: boolean;
};

const MIN_COMPRESS_BYTES = 1024;

/** True when If-None-Match names this ETag (weak comparison, RFC 9110). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

/**
 * Below this size a kept answer goes out as gzip even to a client that accepts br: on a few KB of
 * JSON gzip comes within about 6 % of brotli's size at less than half its cost (a 6.3 KB product
 * page: gzip -6 1,671 B in 53 µs, brotli 6 1,571 B in 119 µs). An answer that no cache holds (a
 * search as typed) is compressed for one request only, at brotli's quality 1 (FAST_BROTLI_QUALITY).
 */
export const BROTLI_MIN_BYTES = 32 * 1024;

/**
 * An answer compressed for one request only is compressed at brotli's quality 1: on a 7 KB list
 * page 65 µs and 1,337 B, against gzip -6's 120 µs and 1,203 B (and brotli 6's 226 µs, 1,097 B)
 * on this 2-core machine. 134 bytes more on the wire for half the compression time, which every
 * request queued behind it waits for. An answer kept in a cache is compressed tightly, once.
 */
const FAST_BROTLI_QUALITY = 1;

/** The best encoding the client accepts: br (unless `brotli` is false and gzip is accepted), then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined, brotli = true): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    accepted.set(name, q ? Number.parseFloat(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*');
  const weight = (name: string) => accepted.get(name) ?? wildcard ?? 0;
  if (!brotli && weight('gzip') > 0) return 'gzip';
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/**
 * zlib's sync functions write into an output buffer of `chunkSize` bytes (16 KB by default) and
 * return a slice of it when the result fits: a 1.3 KB page held on to 16 KB, kept with the
 * answer or waiting for the collector. The output buffer is sized to the body instead (a
 * compressed JSON body is smaller; a larger result is gathered into a buffer of its own size),
 * and a result that is kept is copied out of it (1,383 kept pages held 9 MB of unused chunk).
 */
function compress(body: string, encoding: 'br' | 'gzip', quick: boolean): Buffer {
  const result = compressInto(body, encoding, quick);
  if (quick || result.byteLength === result.buffer.byteLength) return result;
  // A buffer of its own, not a slice of Node's shared 8 KB pool (which a kept slice holds whole).
  const kept = Buffer.allocUnsafeSlow(result.byteLength);
  result.copy(kept);
  return kept;
}

function compressInto(body: string, encoding: 'br' | 'gzip', quick: boolean): Buffer {
  const bytes = Buffer.byteLength(body);
  const chunkSize = Math.max(MIN_COMPRESS_BYTES, bytes);
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: quick ? 1 : 6, chunkSize });
  return zlib.brotliCompressSync(body, {
    chunkSize,
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: quick ? FAST_BROTLI_QUALITY : 6,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  });
}

/** The body compressed for this encoding, made on first use and kept with the body. */
export function encodedBody(
  answer: Pick<SendableBody, 'body' | 'encoded' | 'once'>,
  encoding: 'br' | 'gzip',
): Buffer {
  answer.encoded ??= {};
  let buffer = answer.encoded[encoding];
  if (!buffer) {
    buffer = compress(answer.body, encoding, answer.once === true);
    answer.encoded[encoding] = buffer;
  }
  return buffer;
}

/**
 * Sends the answer with its ETag and the given headers, or a bare 304 when the client's copy
 * is current. The body goes out compressed (already, so the compression plugin leaves it) when
 * the client accepts it and it is worth it.
 */
export function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SendableBody,
  contentType: string,
  headers: Record<string, string>,
) {
  reply.headers(headers).header('etag', answer.etag);
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type(contentType);
  if (answer.body.length < MIN_COMPRESS_BYTES) return reply.send(answer.body);
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(
    request.headers['accept-encoding'],
    answer.once === true || answer.body.length >= BROTLI_MIN_BYTES,
  );
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(encodedBody(answer, encoding));
}
