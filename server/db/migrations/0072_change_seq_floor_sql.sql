-- Hand-written half of 0073_change_seq_floor: the function every `seq` is drawn with.
--
-- A row's seq is drawn when it is written, not when its transaction commits, so a slow
-- transaction can commit a seq lower than one a quicker transaction already committed. A live
-- list's delta poll answers "everything after seq N" with a cursor to resume from; had the
-- cursor been the sequence's last value, the slow transaction's row would land behind it and
-- never be polled. So before a transaction draws its first seq it announces a floor: a
-- shared advisory lock (two-key form, keys = the floor's high and low 31 bits) on the next
-- value the sequence will give, which is at most any seq it draws. The lock lasts until the
-- transaction ends, after its rows are visible, and the poll's cursor stays below every floor
-- still held (server/db/committed-seq.ts). A session whose setting already says `single`
-- (PGlite: one session, one transaction at a time) needs no floor and takes none. The two-key
-- advisory locks belong to this alone: every other advisory lock of the product takes one
-- bigint key (docs/architecture.md, "Data flow").
CREATE OR REPLACE FUNCTION plantline_next_seq() RETURNS bigint AS $$
DECLARE
  floor_seq bigint;
BEGIN
  IF coalesce(current_setting('plantline.seq_floor', true), '') = '' THEN
    SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END INTO floor_seq FROM change_seq;
    PERFORM pg_advisory_xact_lock_shared((floor_seq >> 31)::int, (floor_seq & 2147483647)::int);
    PERFORM set_config('plantline.seq_floor', floor_seq::text, true);
  END IF;
  RETURN nextval('change_seq');
END $$ LANGUAGE plpgsql;
