import type { FieldError } from '@shop/contract/errors';
import { unsafeTextReason } from '@shop/contract/text';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, invalidInput } from '../errors';

/**
 * Input every route can trust before its own validation runs, in one place for the whole app
 * (the shop's routes, better-auth's behind /api/v1/auth, the storefront's pages):
 *
 * - JSON bodies deeper than JSON_MAX_DEPTH are refused before they are parsed (a cheap scan of
 *   the raw text): deep nesting overflows the stack of whatever walks the value next
 *   (JSON.stringify on the way to better-auth, zod, …).
 * - Every string of the request (path parameters, query, body values and keys, headers) is
 *   checked with the contract's rule (`unsafeTextReason`: no NUL, no unpaired surrogate): one
 *   422 naming each bad field, instead of a 500 from PostgreSQL deep inside a handler.
 */

/** Whether a JSON text nests objects/arrays deeper than `limit` (strings are skipped). */
export function jsonNestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) depth -= 1;
  }
  return false;
}

const MAX_FIELDS_REPORTED = 10;

/** The unsafe strings of a value (keys too), each with its dotted path. */
export function findUnsafeText(value: unknown, path: string, found: FieldError[] = []): FieldError[] {
  // Iterative, so that no value can exhaust the stack; bodies are depth-bounded anyway.
  const stack: Array<[unknown, string]> = [[value, path]];
  while (stack.length > 0 && found.length < MAX_FIELDS_REPORTED) {
    const [current, at] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) found.push({ field: at, message: reason });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push([current[index], at ? `${at}.${index}` : String(index)]);
      }
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index] as [string, unknown];
        const keyReason = unsafeTextReason(key);
        if (keyReason) {
          found.push({ field: at || 'body', message: `has a property name that ${keyReason}` });
          continue;
        }
        stack.push([item, at ? `${at}.${key}` : key]);
      }
    }
  }
  return found;
}

function unsafeFieldsOf(request: FastifyRequest): FieldError[] {
  const found: FieldError[] = [];
  findUnsafeText(request.params, '', found);
  findUnsafeText(request.query, '', found);
  if (request.body !== undefined)
    findUnsafeText(request.body, typeof request.body === 'string' ? 'body' : '', found);
  for (const [name, value] of Object.entries(request.headers)) {
    findUnsafeText(value, `headers.${name}`, found);
  }
  return found;
}

export default fp(
  async (app) => {
    const maxDepth = app.config.JSON_MAX_DEPTH;
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (jsonNestingExceeds(text, maxDepth)) {
        done(
          new AppError('invalid_json', `The request body nests deeper than ${maxDepth} levels.`, [
            { field: 'body', message: `is nested deeper than ${maxDepth} levels` },
          ]),
          undefined,
        );
        return;
      }
      parseJson(request, text, done);
    });

    // preValidation: after the body is parsed, before any schema, guard or handler sees it.
    app.addHook('preValidation', async (request) => {
      const fields = unsafeFieldsOf(request);
      if (fields.length > 0) throw invalidInput(fields);
    });
  },
  { name: 'input-safety', dependencies: ['config', 'error-handler'] },
);
