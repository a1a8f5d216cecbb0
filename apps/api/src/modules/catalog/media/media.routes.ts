import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LOGO_PATH } from '@shop/contract/constants';
import { PHOTO_PATH_PREFIX } from '@shop/contract/product-images';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, type SendableBody, sendCachedBody } from '../../../lib/http-cache';
import { defaultWebDistDir } from '../../../lib/paths';
import { findMediaFile } from '../photos/photos.repository';
import { FALLBACK_LOGO_SVG, renderImage } from './bottle-svg';
import { parseGeneratedImagePath } from './media-urls';

export const MEDIA_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files under DATA_DIR/media/files may be replaced: cached a week, then revalidated by ETag. */
export const MEDIA_FILE_CACHE = 'public, max-age=604800';
/** The logo standing in for a missing image is cached briefly: the image may appear. */
export const MEDIA_FALLBACK_CACHE = 'public, max-age=300';
/** SVG from our host must not run anything. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const FILE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};

/** `/media/p/<hash>-<width>.<format>`: an uploaded photo's file (see contract/product-images.ts). */
const PHOTO_PATH = /^\/media\/p\/([0-9a-f]{32})-(\d{1,5})\.(avif|webp|jpg)$/;

/** Drawn pictures kept in memory (with their compressed forms), most recent last. */
const MAX_DRAWN = 500;

/**
 * Media on the API host (docs/product.md section 9):
 * - `/media/gen/v1/…svg`: the catalog's generated pictures, drawn from the URL itself and
 *   cached for a year (immutable).
 * - `/media/p/<hash>-<width>.<avif|webp|jpg>`: uploaded photos, from the database, cached for a
 *   year (immutable: the name is the upload's content hash); 404 when there is no such file.
 * - `/media/files/…`: images placed in DATA_DIR/media/files (for imports), with an ETag.
 * - anything missing: the shop's logo (a redirect to /logo.svg when the storefront is built,
 *   else the logo inline), cached briefly.
 */
const mediaRoutes: FastifyPluginAsync = async (app) => {
  const filesDir = path.join(app.config.dataDir, 'media', 'files');
  const webDist = path.resolve(app.config.WEB_DIST_DIR ?? defaultWebDistDir);
  const hasLogo = fs.existsSync(path.join(webDist, LOGO_PATH.slice(1)));
  const drawings = new Map<string, SendableBody>();

  const fallback = (reply: FastifyReply) => {
    reply.header('cache-control', MEDIA_FALLBACK_CACHE).header('x-media-fallback', 'logo');
    if (hasLogo) return reply.redirect(LOGO_PATH, 302);
    return reply
      .header('content-security-policy', SVG_CSP)
      .type('image/svg+xml; charset=utf-8')
      .send(FALLBACK_LOGO_SVG);
  };

  const serveFile = async (request: FastifyRequest, reply: FastifyReply, relative: string) => {
    const decoded = (() => {
      try {
        return decodeURIComponent(relative);
      } catch {
        return undefined;
      }
    })();
    if (!decoded || decoded.includes('\0')) return fallback(reply);
    const file = path.resolve(filesDir, decoded);
    const type = FILE_TYPES[path.extname(file).toLowerCase()];
    if (!file.startsWith(filesDir + path.sep) || !type) return fallback(reply);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      return fallback(reply);
    }
    if (!stat.isFile()) return fallback(reply);
    const etag = `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
    reply.header('cache-control', MEDIA_FILE_CACHE).header('etag', etag);
    if (type === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply
      .type(type)
      .header('content-length', stat.size)
      .send(await fs.promises.readFile(file));
  };

  /** An uploaded photo's file, from the database: any instance serves any photo. */
  const servePhoto = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const match = PHOTO_PATH.exec(pathname);
    const file = match ? await findMediaFile(app.db, match[1]!, Number(match[2]), match[3]!) : undefined;
    if (!file) {
      // Unlike a drawing, a photo that is not there is not there: no logo in its place.
      return reply
        .code(404)
        .header('cache-control', MEDIA_FALLBACK_CACHE)
        .type('text/plain; charset=utf-8')
        .send('Not found');
    }
    // The name is the content's hash and a set never changes: the name is the ETag.
    const etag = `"${match![1]}-${match![2]}.${match![3]}"`;
    reply
      .header('cache-control', MEDIA_IMMUTABLE)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(file.content_type).header('content-length', file.byte_size).send(file.bytes);
  };

  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/media/files/'))
      return serveFile(request, reply, pathname.slice('/media/files/'.length));
    if (pathname.startsWith(PHOTO_PATH_PREFIX)) return servePhoto(request, reply, pathname);

    let drawn = drawings.get(pathname);
    if (drawn) {
      drawings.delete(pathname);
    } else {
      const image = parseGeneratedImagePath(pathname);
      if (!image) return fallback(reply);
      drawn = {
        body: renderImage(image),
        etag: `"${crypto.hash('sha1', pathname, 'base64url').slice(0, 22)}"`,
      };
      if (drawings.size >= MAX_DRAWN) drawings.delete(drawings.keys().next().value!);
    }
    drawings.set(pathname, drawn);
    return sendCachedBody(request, reply, drawn, 'image/svg+xml; charset=utf-8', {
      'cache-control': MEDIA_IMMUTABLE,
      'content-security-policy': SVG_CSP,
    });
  });
};

export default mediaRoutes;
