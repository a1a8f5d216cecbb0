// Where e2e/serve.mjs notes the data directory of the server it started on a port, so that a
// journey can reach that server's own database (e2e/support/staff/staff.ts makes staff accounts,
// as `npm run admin` would). Removed when the server stops.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** @param {number | string} port */
export function dataDirPointerFor(port) {
  return path.join(os.tmpdir(), `shop-e2e-${port}.data-dir`);
}

/** @param {number | string} port @param {string} dataDir */
export function writeDataDirPointer(port, dataDir) {
  fs.writeFileSync(dataDirPointerFor(port), dataDir);
}

/** @param {number | string} port */
export function removeDataDirPointer(port) {
  fs.rmSync(dataDirPointerFor(port), { force: true });
}
