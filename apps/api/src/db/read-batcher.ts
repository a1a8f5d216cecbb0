import type { Database } from './client';
import { executeNamedText } from './named-statement';

/**
 * One statement for the same read asked by many requests at once (decision 0012).
 *
 * Each signed-in read is one cheap statement (0.04 ms to execute), but on a busy machine every
 * round trip to PostgreSQL costs far more than that: the write wakes a backend, which takes the
 * CPU from Node until it answers. A batcher gathers the reads asked while the event loop turns
 * (and while its earlier statements are still running) and asks them in one statement, each
 * caller's row(s) coming back tagged with its position. Idle, a read waits one `setImmediate`;
 * under load, batches grow instead of the queue for pooled connections.
 *
 * `run` must answer one output per input, in the inputs' order; a failed statement fails every
 * read of its batch.
 */
export class ReadBatcher<Input, Output> {
  readonly #run: (inputs: Input[]) => Promise<Output[]>;
  readonly #maxInFlight: number;
  readonly #maxBatch: number;
  #queue: Array<{ input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void }> = [];
  #inFlight = 0;
  #scheduled = false;

  constructor(
    run: (inputs: Input[]) => Promise<Output[]>,
    options: { maxInFlight?: number; maxBatch?: number } = {},
  ) {
    this.#run = run;
    this.#maxInFlight = options.maxInFlight ?? 2;
    this.#maxBatch = options.maxBatch ?? 64;
  }

  load(input: Input): Promise<Output> {
    return new Promise<Output>((resolve, reject) => {
      this.#queue.push({ input, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight >= this.#maxInFlight || this.#queue.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#flush();
    });
  }

  #flush(): void {
    while (this.#inFlight < this.#maxInFlight && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#maxBatch);
      this.#inFlight += 1;
      let outputs: Promise<Output[]>;
      try {
        outputs = this.#run(batch.map((entry) => entry.input));
      } catch (error) {
        outputs = Promise.reject(error);
      }
      outputs
        .then((answers) => {
          if (answers.length !== batch.length) {
            throw new Error(`a batched read answered ${answers.length} results for ${batch.length} reads`);
          }
          for (const [index, entry] of batch.entries()) entry.resolve(answers[index] as Output);
        })
        .catch((error: unknown) => {
          for (const entry of batch) entry.reject(error);
        })
        .finally(() => {
          this.#inFlight -= 1;
          this.#schedule();
        });
    }
  }
}

/** One batcher per database (pool): `batcherFor(db, make)`. */
export function perDatabase<Db extends object, Batcher>(make: (db: Db) => Batcher): (db: Db) => Batcher {
  const batchers = new WeakMap<Db, Batcher>();
  return (db) => {
    let batcher = batchers.get(db);
    if (!batcher) {
      batcher = make(db);
      batchers.set(db, batcher);
    }
    return batcher;
  };
}

/**
 * A batcher over one named statement whose rows carry `batch_position` (1-based, the input's
 * position, from `unnest(...) WITH ORDINALITY`): each input gets its own rows, in the
 * statement's order, turned into its answer by `answer` (as the single-caller statement's rows
 * would be).
 */
export function batchedPages<Input, Row extends Record<string, unknown>, Output = unknown>(
  db: Database,
  name: string,
  text: string,
  values: (inputs: Input[]) => unknown[],
  answer: (rows: Row[]) => Output,
): ReadBatcher<Input, Output> {
  return new ReadBatcher<Input, Output>(async (inputs) => {
    const rows = await executeNamedText<Row & { batch_position: number }>(db, name, text, values(inputs));
    const byInput: Row[][] = inputs.map(() => []);
    for (const { batch_position: position, ...row } of rows)
      byInput[position - 1]?.push(row as unknown as Row);
    return byInput.map(answer);
  });
}
