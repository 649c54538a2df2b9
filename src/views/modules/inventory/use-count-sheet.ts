import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { fieldErrors, isApiError } from '../../../api/api-error.ts';
import { recordNotice } from '../../../api/result-notice.ts';
import { errorText } from '../../../api/error-text.ts';
import { saveCountSheet, type SheetCount } from '../../../api/stock-count-sheet.api.ts';
import { toFiniteNumber } from '../../../domain/formats/number-value.ts';
import {
  STOCK_COUNTS,
  stockCountDoc,
  type StockCountDoc,
  type StockCountLineRow,
} from '../../../domain/entities/stock/stock-counts.entity.ts';
import { validationMessage } from '../../../domain/validation-codes.ts';
import { sheetColumnOf } from '../../../machines/workflows/stock-count.machine.ts';
import {
  EntityRequestContext,
  useEntityApi,
} from '../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../common/entity-form/form-failure.ts';
import { staleNoticeOf, type StaleNotice } from '../../common/entity-form/stale-version.ts';
import { notify } from '../../common/notify.tsx';

// The counting sheet's state: the count as read (its lines), what the counter typed per line,
// the server's codes per line, and the save with the version read. Typed values survive a
// stale-version reload, so a second counter's save never costs the first one their work.

/** What a count input holds: a number, '' (blank), or text on its way to a number ('1.'). */
export type TypedQty = number | string;

/** A line both this counter and the save that came first counted. */
export type SheetConflict = { line: StockCountLineRow; theirs: number | null };

export type SheetLoad =
  { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string };

export type CountSheet = {
  load: SheetLoad;
  /** The count with its lines, as last read or saved. */
  doc: StockCountDoc | null;
  lines: readonly StockCountLineRow[];
  /** The quantity this round records (counted, recount), or null when it takes none. */
  column: 'counted' | 'recount' | null;
  /** What the input of `line` shows: typed, else saved. */
  valueOf: (line: StockCountLineRow) => TypedQty;
  type: (line: StockCountLineRow, value: TypedQty) => void;
  /** The message under the cell of `line`, or ''. */
  errorOf: (line: StockCountLineRow) => string;
  /** Lines with a quantity this round (typed or saved). */
  counted: number;
  /** Lines typed and not saved yet. */
  changed: number;
  isDirty: () => boolean;
  saving: boolean;
  save: () => void;
  stale: StaleNotice | null;
  /** After a stale reload: lines the other save counted too; saving replaces theirs. */
  conflicts: readonly SheetConflict[];
  reloadStale: () => void;
  dismissStale: () => void;
  retry: () => void;
};

/** The saved quantity of `line` for the round. */
function savedOf(line: StockCountLineRow, column: 'counted' | 'recount' | null): number | null {
  return toFiniteNumber(column === 'recount' ? line.recount_qty : line.counted_qty);
}

/** A typed value as the API takes it: blank is null; NaN when it does not read as a number. */
function qtyOf(value: TypedQty): number | null {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return null;
  return toFiniteNumber(value) ?? NaN;
}

export function useCountSheet(id: number, onSaved?: () => void): CountSheet {
  const api = useEntityApi(STOCK_COUNTS);
  const request = useContext(EntityRequestContext);
  const [load, setLoad] = useState<SheetLoad>({ kind: 'loading' });
  const [doc, setDoc] = useState<StockCountDoc | null>(null);
  const [typed, setTyped] = useState<ReadonlyMap<number, TypedQty>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState<StaleNotice | null>(null);
  const [conflicts, setConflicts] = useState<readonly SheetConflict[]>([]);
  const [attempt, setAttempt] = useState(0);

  const lines = doc?.lines ?? [];
  const column = doc ? sheetColumnOf(doc.status ?? '') : null;

  // Changed lines: typed and different from what is saved.
  const edits = lines.flatMap((line) => {
    const value = typed.get(line.id);
    if (value === undefined) return [];
    const qty = qtyOf(value);
    return qty === savedOf(line, column) ? [] : [{ line, qty }];
  });
  const editsRef = useRef(edits);
  editsRef.current = edits;
  const isDirty = useCallback(() => editsRef.current.length > 0, []);

  useEffect(() => {
    let live = true;
    api
      .get(id)
      .then((row) => {
        if (!live) return;
        setDoc(stockCountDoc(row));
        setLoad({ kind: 'ready' });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const gone = isApiError(error) && error.status === 404;
        setLoad({ kind: 'failed', message: gone ? 'It does not exist.' : errorText(error) });
      });
    return () => {
      live = false;
    };
  }, [api, id, attempt]);

  const type = (line: StockCountLineRow, value: TypedQty) => {
    setTyped((current) => new Map(current).set(line.id, value));
    setErrors((current) => {
      if (!current.has(line.id)) return current;
      const next = new Map(current);
      next.delete(line.id);
      return next;
    });
  };

  const save = () => {
    if (saving || !doc || !column || edits.length === 0) return;
    const invalid = edits.filter((e) => Number.isNaN(e.qty));
    if (invalid.length > 0) {
      setErrors(new Map(invalid.map((e) => [e.line.id, validationMessage('numeric')])));
      return;
    }
    const counts: SheetCount[] = edits.map((e) => ({ id: e.line.id, qty: e.qty }));
    setSaving(true);
    saveCountSheet(request, doc.id, doc.version, counts)
      .then((saved) => {
        setDoc(stockCountDoc(saved));
        setTyped(new Map());
        setErrors(new Map());
        setConflicts([]);
        notify.result(recordNotice('Count sheet', null, 'saved'));
        onSaved?.();
      })
      .catch((error: unknown) => {
        const notice = staleNoticeOf(error);
        if (notice) {
          setStale(notice);
          return;
        }
        // `lines.3.qty` names the 4th line sent, not the 4th of the sheet.
        const byLine = new Map<number, string>();
        for (const [path, code] of Object.entries(fieldErrors(error))) {
          const index = /^lines\.(\d+)\./.exec(path)?.[1];
          const sent = index === undefined ? undefined : counts[Number(index)];
          if (sent) byLine.set(sent.id, validationMessage(code));
        }
        setErrors(byLine);
        showFailure(error, true);
      })
      .finally(() => setSaving(false));
  };

  // The count as saved by the other person; what was typed here stays typed on top of it.
  const reloadStale = () => {
    api
      .get(id)
      .then((row) => {
        const fresh = stockCountDoc(row);
        const before = new Map(lines.map((l) => [l.id, savedOf(l, column)]));
        const freshColumn = sheetColumnOf(fresh.status ?? '');
        setConflicts(
          (fresh.lines ?? []).flatMap((line) => {
            const theirs = savedOf(line, freshColumn);
            const mine = edits.some((e) => e.line.id === line.id);
            return mine && before.get(line.id) !== theirs ? [{ line, theirs }] : [];
          }),
        );
        setDoc(fresh);
        setStale(null);
      })
      .catch((error: unknown) => {
        setStale(null);
        showFailure(error, false);
      });
  };

  const counted = lines.filter((line) => {
    const value = typed.get(line.id);
    return value === undefined ? savedOf(line, column) !== null : qtyOf(value) !== null;
  }).length;

  return {
    load,
    doc,
    lines,
    column,
    valueOf: (line) => typed.get(line.id) ?? savedOf(line, column) ?? '',
    type,
    errorOf: (line) => errors.get(line.id) ?? '',
    counted,
    changed: edits.length,
    isDirty,
    saving,
    save,
    stale,
    conflicts,
    reloadStale,
    dismissStale: () => setStale(null),
    retry: () => {
      setLoad({ kind: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}
