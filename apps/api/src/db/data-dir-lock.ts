import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Another shop process (pid ${pid}) is already using the data directory ${dataDir}. ` +
        'Stop that process first, or start this one with DATA_DIR set to another directory.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data directory for this process, so that a second shop started on the same
 * directory refuses to start instead of running a second PostgreSQL over the same files.
 * A lock left by a process that died is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'shop.lock');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUseError(dataDir, owner);
      }
      // The owner died without releasing it: move the stale lock aside, then try again.
      try {
        fs.renameSync(lockPath, `${lockPath}.stale-${process.pid}`);
        fs.unlinkSync(`${lockPath}.stale-${process.pid}`);
      } catch {
        // Another starting process moved it first; the next attempt sorts it out.
      }
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
