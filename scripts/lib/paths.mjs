// Repository paths shared by the scripts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fromRoot = (...parts) => path.join(repoRoot, ...parts);

/** A binary installed by npm at the root (node_modules/.bin). */
export const bin = (name) =>
  fromRoot('node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
