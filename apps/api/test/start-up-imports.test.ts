import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The packages most processes never use load when first needed (issue 20: the server's RSS), so
 * nothing the server reaches at start-up may import them statically: one `import sharp from
 * 'sharp'` anywhere in its module graph would load libvips into every process again.
 */
const LOADED_WHEN_NEEDED = ['sharp', 'pdf-lib', 'qrcode', 'nodemailer', 'web-push'];

/** Every npm package import in the server's module graph, with the file and the kind of import. */
async function serverImports() {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../src/server.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.entries(result.metafile.inputs).flatMap(([file, input]) =>
    input.imports.map((imported) => ({ file, path: imported.path, kind: imported.kind })),
  );
}

describe("the server's start-up imports", () => {
  it('leave sharp, pdf-lib, qrcode, nodemailer and web-push to dynamic imports', async () => {
    const imports = (await serverImports()).filter((imported) => LOADED_WHEN_NEEDED.includes(imported.path));
    expect(imports.filter((imported) => imported.kind !== 'dynamic-import')).toEqual([]);
    // Each is still imported (dynamically) somewhere: the check above looked at the right names.
    expect(new Set(imports.map((imported) => imported.path))).toEqual(new Set(LOADED_WHEN_NEEDED));
  });

  it("leave out zxcvbn-ts's word lists (the password rule reads their JSON when first asked)", async () => {
    const paths = (await serverImports()).map((imported) => imported.path);
    expect(paths.filter((path) => path.startsWith('@zxcvbn-ts/'))).toEqual([]);
    expect(paths).toContain('@node-rs/argon2');
  });
});
