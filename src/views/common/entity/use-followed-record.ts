import { useCallback, useRef, useState } from 'react';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { LineItems } from '../../../domain/entity/line-fields.ts';
import { followRecord, type IncomingVersion } from '../entity-form/record-change.ts';
import { useLiveRecord } from './use-live-record.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// A page that edits one record follows it live through this, whatever its form: the generic
// entity form and the pages with forms of their own (a supplier invoice) alike. A newer
// version is shown at once while nothing is typed (`show`); while something is, it is held as
// `incoming`, described, for the page's notice (record-changed-notice.tsx) to offer.

export type FollowedRecordOptions = {
  entity: EntityDeclaration;
  /** The record; null while creating one. */
  id: number | null;
  /** The version the page edits now. */
  held: () => EntityRow | null;
  /** Something typed and not saved. */
  dirty: () => boolean;
  /** A save or delete of the page's own is on its way: its answer decides what shows. */
  busy?: () => boolean;
  lines?: LineItems;
  /** Shows `row` as the record the page edits. */
  show: (row: EntityRow) => void;
  /** Someone else deleted the record. */
  onDeleted?: () => void;
};

export type FollowedRecord = {
  /** A newer version held back because of typed values; null when none. */
  incoming: IncomingVersion | null;
  /** Forgets the held version (it was taken, or the person keeps editing over it). */
  dismiss: () => void;
  /** Drops a held version the page's own save or read has caught up with. */
  caughtUp: (row: EntityRow | null) => void;
};

export function useFollowedRecord(options: FollowedRecordOptions): FollowedRecord {
  const [incoming, setIncoming] = useState<IncomingVersion | null>(null);
  // The version Keep editing passed over; its re-reads stay quiet, a newer one is told.
  const keptRef = useRef<number | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useLiveRecord(options.entity, options.id, {
    known: () => {
      const { busy, held } = optionsRef.current;
      return busy?.() ? null : (held()?.version ?? null);
    },
    onNewer: (fresh) => {
      const { entity, held, dirty, lines, show } = optionsRef.current;
      const decision = followRecord(entity, held(), fresh, {
        dirty: dirty(),
        lines,
        kept: keptRef.current,
      });
      if (decision.kind === 'adopt') show(fresh);
      else if (decision.kind === 'hold') setIncoming(decision.incoming);
    },
    onDeleted: () => {
      const { busy, onDeleted } = optionsRef.current;
      if (!busy?.()) onDeleted?.();
    },
  });

  const dismiss = useCallback(() => {
    if (incoming) keptRef.current = Math.max(keptRef.current ?? 0, incoming.row.version);
    setIncoming(null);
  }, [incoming]);
  const caughtUp = useCallback((row: EntityRow | null) => {
    setIncoming((held) =>
      held && row?.id === held.row.id && row.version < held.row.version ? held : null,
    );
  }, []);
  return { incoming, dismiss, caughtUp };
}
