import { serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Answers are written with zod's `encode` (fastify-type-provider-zod's serializer), which runs
 * each schema backwards. A `.transform()` (or `z.preprocess`, or `.success()`) has no way back:
 * encoding through it throws ZodEncodeError, so every answer of that route is a 500 once such a
 * field is present. `.overwrite()` (as `.trim()` uses) and `z.codec()` work in both directions.
 */

type Def = {
  type: string;
  [key: string]: unknown;
};

const defOf = (schema: $ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Types that cannot be run backwards. */
const ONE_WAY = new Set(['transform', 'success']);

/**
 * The path (like `results[].vat_tin`) of the first part of `schema` that cannot be encoded, or
 * null when the whole schema can. Recursive (lazy) schemas are followed once.
 */
export function oneWayPart(schema: $ZodType): string | null {
  const seen = new Set<$ZodType>();
  const walk = (node: $ZodType, path: string): string | null => {
    if (seen.has(node)) return null;
    seen.add(node);
    const def = defOf(node);
    if (ONE_WAY.has(def.type)) return path || '(the whole answer)';
    const children: Array<[$ZodType | undefined, string]> = [];
    switch (def.type) {
      case 'object': {
        for (const [key, child] of Object.entries(def.shape as Record<string, $ZodType>)) {
          children.push([child, path ? `${path}.${key}` : key]);
        }
        children.push([def.catchall as $ZodType | undefined, `${path}.*`]);
        break;
      }
      case 'array':
        children.push([def.element as $ZodType, `${path}[]`]);
        break;
      case 'set':
        children.push([def.valueType as $ZodType, `${path}[]`]);
        break;
      case 'record':
      case 'map':
        children.push([def.keyType as $ZodType, `${path}{key}`], [def.valueType as $ZodType, `${path}{}`]);
        break;
      case 'tuple':
        (def.items as $ZodType[]).forEach((item, index) => {
          children.push([item, `${path}[${index}]`]);
        });
        children.push([def.rest as $ZodType | undefined, `${path}[]`]);
        break;
      case 'union':
        for (const option of def.options as $ZodType[]) children.push([option, path]);
        break;
      case 'intersection':
        children.push([def.left as $ZodType, path], [def.right as $ZodType, path]);
        break;
      case 'pipe':
        // A plain `.pipe()` and a `z.codec()` both hold two schemas; a `.transform()` is a pipe
        // into a `transform` node, found above.
        children.push([def.in as $ZodType, path], [def.out as $ZodType, path]);
        break;
      case 'lazy':
        children.push([(def.getter as () => $ZodType)(), path]);
        break;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
      case 'promise':
        children.push([def.innerType as $ZodType, path]);
        break;
    }
    for (const [child, childPath] of children) {
      if (!child) continue;
      const found = walk(child, childPath);
      if (found) return found;
    }
    return null;
  };
  return walk(schema, '');
}

type SerializerRoute = Parameters<typeof serializerCompiler>[0];

/**
 * fastify-type-provider-zod's serializer, refusing at start-up a response schema that cannot be
 * encoded: the app does not start (and every test that builds it fails) instead of answering 500
 * once such a field holds a value.
 */
export const encodableSerializerCompiler: typeof serializerCompiler = (route: SerializerRoute) => {
  const schema = route.schema;
  if (schema instanceof $ZodType) {
    const part = oneWayPart(schema);
    if (part) {
      throw new Error(
        `${route.method} ${route.url} (${route.httpStatus}): the response schema's ${part} is a one-way ` +
          '.transform() that cannot be encoded; use .overwrite() or z.codec()',
      );
    }
  }
  return serializerCompiler(route);
};
