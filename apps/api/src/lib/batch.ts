/**
 * Gathers the calls made during one turn of the event loop into one call of `run` (the DataLoader
 * pattern, decision 254). Under load many requests are parsed in the same turn; each would
 * otherwise send its own statement to Postgres, and on two cores the cost of a round trip (the
 * API's socket writes, the backend's parse/bind/commit) is most of an order's cost. `run` gets
 * every call's input, duplicates included, and answers one value per input, in the same order; a
 * failure of `run` fails every call of the batch. A batch that fills up (`maxBatch`) goes at once.
 */
export function batched<I, O>(run: (inputs: I[]) => Promise<O[]>, opts: { maxBatch?: number } = {}): (input: I) => Promise<O> {
  const maxBatch = opts.maxBatch ?? 256;
  type Call = { input: I; resolve: (value: O) => void; reject: (err: unknown) => void };
  let queue: Call[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const calls = queue;
    queue = [];
    if (!calls.length) return;
    run(calls.map((c) => c.input)).then(
      (outputs) => {
        if (outputs.length !== calls.length) {
          const err = new Error(`batched: ${outputs.length} answers for ${calls.length} calls`);
          for (const c of calls) c.reject(err);
          return;
        }
        calls.forEach((c, n) => c.resolve(outputs[n]!));
      },
      (err: unknown) => {
        for (const c of calls) c.reject(err);
      },
    );
  };

  return (input: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (queue.length >= maxBatch) flush();
      else if (!scheduled) {
        scheduled = true;
        // After the I/O callbacks of this turn: every request parsed in it joins the batch.
        setImmediate(flush);
      }
    });
}

/** One batcher per key object (the database pool), made on first use. */
export function perKey<K extends object, F>(make: (key: K) => F): (key: K) => F {
  const made = new WeakMap<K, F>();
  return (key: K) => {
    let f = made.get(key);
    if (!f) {
      f = make(key);
      made.set(key, f);
    }
    return f;
  };
}
