import { useCallback, useContext, useEffect, useState } from 'react';
import { fieldErrors, isApiError } from '../../../../api/api-error.ts';
import { errorText } from '../../../../api/error-text.ts';
import {
  fetchReconciliation,
  saveReconciliation,
} from '../../../../api/stamp-reconciliation.api.ts';
import type { StampReconciliation } from '../../../../domain/entities/production/stamp-reconciliation.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { useRealtimeConnection } from '../../../shell/realtime/realtime.context.tsx';

// One month of the stamp reconciliation on the page: the server's reading, what the person has
// typed (counts and reasons per jurisdiction, kept until saved), the save and the close. A save
// or close by someone else (stamp_reconciliation.updated on production.reels) reads the month
// again, so a second viewer sees the close; what this person typed stays over it while open.

export type Draft = { counted: number | ''; reason: string };
export type Drafts = Record<number, Draft>;

export type Outcome = {
  /** Field key (`counts.<jurisdiction id>.counted` / `.reason`, `status`, `month`) → sentence. */
  errors: Record<string, string>;
  /** A sentence for the whole month (stale version, a refusal without a field). */
  message: string | null;
};

const NONE: Outcome = { errors: {}, message: null };

export function useStampReconciliation(month: string) {
  const request = useContext(EntityRequestContext);
  const connection = useRealtimeConnection();
  const [reading, setReading] = useState<StampReconciliation | null>(null);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [outcome, setOutcome] = useState<Outcome>(NONE);
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  useEffect(() => {
    setDrafts({});
    setOutcome(NONE);
    setReading(null);
  }, [month]);

  useEffect(() => {
    let live = true;
    fetchReconciliation(request, month)
      .then((next) => live && setReading(next))
      .catch((error: unknown) => live && setOutcome({ errors: {}, message: errorText(error) }));
    return () => {
      live = false;
    };
  }, [request, month, generation]);

  useEffect(() => {
    if (!connection) return undefined;
    return connection.listen('production.reels', 'stamp_reconciliation.updated', (data) => {
      if ((data as { month?: string } | null)?.month === month) reload();
    });
  }, [connection, month, reload]);

  const edit = (id: number, change: Partial<Draft>) =>
    setDrafts((all) => {
      const row = reading?.rows.find((r) => r.stamp_jurisdiction_id === id);
      const base: Draft = all[id] ?? { counted: row?.counted ?? '', reason: row?.reason ?? '' };
      return { ...all, [id]: { ...base, ...change } };
    });

  const submit = async (close: boolean) => {
    if (reading?.month !== month) return false;
    setBusy(true);
    setOutcome(NONE);
    try {
      const counts = Object.entries(drafts).map(([id, d]) => ({
        stamp_jurisdiction_id: Number(id),
        counted: d.counted === '' ? null : d.counted,
        reason: d.reason.trim() || null,
      }));
      const next = await saveReconciliation(
        request,
        month,
        { version: reading.version, counts },
        close,
      );
      setReading(next);
      setDrafts({});
      return true;
    } catch (error) {
      const errors = fieldErrors(error);
      const stale = isApiError(error) && error.code === 'stale_version';
      const who = stale
        ? (error.data as { current?: { updated_by_name?: string | null } } | null)?.current
            ?.updated_by_name
        : null;
      setOutcome({
        errors,
        message: stale
          ? `${who ?? 'Someone'} saved this month first: reload it, then save again.`
          : (errors.status ??
            errors.month ??
            (Object.keys(errors).length ? null : errorText(error))),
      });
      return false;
    } finally {
      setBusy(false);
    }
  };

  // Until the chosen month's reading arrives, the last month's is not shown: nothing could be
  // typed into a month that is no longer the one chosen.
  const shown = reading?.month === month ? reading : null;
  return { reading: shown, drafts, edit, submit, busy, outcome, reload };
}
