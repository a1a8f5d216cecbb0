import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * How far V8 lets the old generation grow past what the last full collection kept alive, in
 * percent. V8's default (a factor of 1.5–4 chosen by its allocation rate) let a busy server grow
 * from about 200 MB to 340–590 MB of RSS between full collections, mostly garbage; 20 % keeps
 * it within about 35 MB of its idle size under the bench's 50 connections, for a few percent of
 * throughput (decision record 0016, addendum). V8 reads the flag at every collection, so setting
 * it at start-up is enough; HEAP_GROWING_PERCENT=0 leaves V8's default.
 */
export function limitHeapGrowth(percent: number) {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

let collect: (() => void) | undefined;

/**
 * A full, compacting garbage collection now. Called after work that leaves a large heap of
 * garbage behind at once (a whole catalog index build reads every product's document as text):
 * without it those pages stay committed until V8's next full collection under load.
 */
export function collectGarbageNow() {
  if (!collect) {
    // `gc` is exposed only to contexts made after the flag is set.
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  collect();
}
