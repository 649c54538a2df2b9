// The session setting of a transaction's seq floor (committed-seq.ts, migration 0072), apart
// from both so that the client, which sets it on PGlite, and the reader import no cycle.

/** The setting that holds a transaction's floor, or `single` for a whole session. */
export const SEQ_FLOOR_SETTING = 'plantline.seq_floor';
/**
 * A database one session writes to, one transaction at a time (PGlite): no transaction can be
 * running while another reads, so none needs a floor. Its writes skip taking one, and its
 * reads the lock table (a millisecond a poll there).
 */
export const SINGLE_WRITER = 'single';
