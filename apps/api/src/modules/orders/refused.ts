/** Rolls a transaction back while carrying the outcome the caller answers. */
export class Refused<T> extends Error {
  constructor(readonly outcome: T) {
    super("refused");
  }
}
