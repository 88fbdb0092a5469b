// A committed position in a run's table stream (stream.ts writes it, the manifest records it): apart from the
// Arrow writer, so that a manifest's types (and the public ones) name no type of apache-arrow.

/** A position in a stream file up to which everything is durable and checked. */
export interface Committed {
  readonly bytes: number;
  readonly batches: number;
  readonly rows: number;
}
