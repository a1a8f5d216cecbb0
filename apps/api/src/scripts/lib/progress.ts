/**
 * A progress bar on a terminal (stderr), silent otherwise. `update(done)` redraws at most ten
 * times a second; `finish()` ends the line.
 */
export function progressBar(label: string, total: number, stream: NodeJS.WriteStream = process.stderr) {
  const enabled = Boolean(stream.isTTY) && total > 0;
  let last = 0;
  const draw = (done: number) => {
    const width = 30;
    const ratio = Math.min(1, done / total);
    const filled = Math.round(ratio * width);
    stream.write(
      `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(ratio * 100)
        .toString()
        .padStart(3)}% ${done}/${total}`,
    );
  };
  return {
    update(done: number) {
      if (!enabled) return;
      const now = Date.now();
      if (done < total && now - last < 100) return;
      last = now;
      draw(done);
    },
    finish() {
      if (enabled) stream.write('\n');
    },
  };
}
