import { useForm, type UseFormReturnType } from '@mantine/form';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { ChangeRequested } from '../../../api/change-requested.ts';
import { recordNotice } from '../../../api/result-notice.ts';
import { errorText } from '../../../api/error-text.ts';
import {
  writableFields,
  type EntityDeclaration,
} from '../../../domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import type { LineItems } from '../../../domain/entity/line-fields.ts';
import { serverFormErrors } from '../form/server-errors.ts';
import { notify } from '../notify.tsx';
import { useEntityApi } from './entity-request.context.ts';
import type { FormExtra } from './form-extra.ts';
import { showFailure } from './form-failure.ts';
import {
  documentPayloadOf,
  documentValuesOf,
  textOf,
  validateDocument,
  type FormValues,
} from './form-values.ts';
import { staleNoticeOf, type Conflict, type StaleNotice } from './stale-version.ts';
import { isSet } from '../../../api/bool-to-int.ts';
import { useFollowedRecord } from '../entity/use-followed-record.ts';
import { changesBetween, typedOnTop, type IncomingVersion } from './record-change.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The life of one record's form: read it, validate as the person types (docs/product.md §5), save
// with the version read (update) or create it, explain a stale version and reload, delete after a
// confirmation, and follow the record live (use-followed-record.ts): a newer version shows at
// once while nothing is typed, and is held and described while something is. The view renders
// what this returns; the API is reached only through `entityApi` over the transport in context.

export type EntityFormOptions = {
  entity: EntityDeclaration;
  /** The record to edit; null creates one. */
  id: number | null;
  lines?: LineItems;
  /** Inputs the screen adds for values never read back (a new password). */
  extra?: FormExtra;
  onSaved?: (row: EntityRow) => void;
  onDeleted?: (id: number) => void;
  /** The server opened a change request instead of saving (a product an approver checks). */
  onChangeRequested?: (request: EntityRow) => void;
};

export type LoadState =
  { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string };

export type EntityFormModel = {
  form: UseFormReturnType<FormValues>;
  fields: readonly EntityField[];
  /** The record as last read or saved; null while creating. */
  row: EntityRow | null;
  load: LoadState;
  saving: boolean;
  /** Set while the stale-version dialog is open. */
  stale: StaleNotice | null;
  /** Fields both this person and the other save changed, after a reload. */
  conflicts: readonly Conflict[];
  /** A newer version saved elsewhere while this person has typed values; null when none. */
  incoming: IncomingVersion | null;
  /** Shows the newer version, with the typed values kept on top of it. */
  takeIncoming: () => void;
  /** Hides the notice; a save then meets the newer version and says what changed. */
  keepEditing: () => void;
  /** Live: reads the form's current values, so a navigation right after a save sees it clean. */
  isDirty: () => boolean;
  submit: () => void;
  retryLoad: () => void;
  reloadStale: () => Promise<void>;
  /** Reads the saved record again and shows it, when nothing is being edited (tools moved it). */
  reread: () => void;
  dismissStale: () => void;
  confirmDelete: () => void;
};

function theirValue(field: EntityField, row: EntityRow): string {
  const label = field.ref ? row[field.ref.labelField] : undefined;
  const value = label ?? row[field.name];
  if (value === null || value === undefined || value === '') return '(empty)';
  if (field.kind === 'boolean') return isSet(value) ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '(empty)';
  return textOf(value);
}

export function useEntityForm({
  entity,
  id,
  lines,
  extra,
  onSaved,
  onDeleted,
  onChangeRequested,
}: EntityFormOptions): EntityFormModel {
  const api = useEntityApi(entity);
  const fields = useMemo(() => writableFields(entity), [entity]);
  const rowRef = useRef<EntityRow | null>(null);
  // Callers may pass `lines` and `extra` inline; their identity must not restart the read.
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const extraRef = useRef(extra);
  extraRef.current = extra;
  const valuesOf = useCallback(
    (next?: EntityRow | null): FormValues => ({
      ...documentValuesOf(fields, linesRef.current, next),
      ...extraRef.current?.values,
    }),
    [fields],
  );
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: valuesOf(),
    validate: (values) => ({
      ...validateDocument(fields, lines, values),
      ...extraRef.current?.validate(values, rowRef.current === null),
    }),
    validateInputOnBlur: true,
  });
  const formRef = useRef(form);
  formRef.current = form;
  const isDirty = useCallback(() => formRef.current.isDirty(), []);
  const [row, setRow] = useState<EntityRow | null>(null);
  const [load, setLoad] = useState<LoadState>(
    id === null ? { kind: 'ready' } : { kind: 'loading' },
  );
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState<StaleNotice | null>(null);
  const [conflicts, setConflicts] = useState<readonly Conflict[]>([]);
  const [attempt, setAttempt] = useState(0);
  // While a save or delete is on its way its answer decides what the form shows next.
  const busyRef = useRef(false);
  // Set once the record is followed (below): adopt() is declared before it.
  const caughtUpRef = useRef<(row: EntityRow | null) => void>(() => undefined);

  /** Makes `next` the record the form edits; `values` (default: the record's) are shown. */
  const adopt = useCallback(
    (next: EntityRow | null, values?: FormValues) => {
      const base = valuesOf(next);
      form.setInitialValues(base);
      form.setValues(values ?? base);
      form.resetDirty(base);
      form.clearErrors();
      rowRef.current = next;
      setRow(next);
      // A notice of a version this one already includes is old news.
      caughtUpRef.current(next);
    },
    // `form` is stable across renders; its identity is not a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [valuesOf],
  );

  useEffect(() => {
    if (id === null) {
      if (rowRef.current !== null) adopt(null);
      setLoad({ kind: 'ready' });
      return;
    }
    // Just created here and navigated to its own URL: the row in hand is the one to edit.
    if (rowRef.current?.id === id) return;
    let live = true;
    setLoad((current) => (current.kind === 'loading' ? current : { kind: 'loading' }));
    api
      .get(id)
      .then((found) => {
        if (!live) return;
        adopt(found);
        setLoad({ kind: 'ready' });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const gone = isApiError(error) && error.status === 404;
        setLoad({
          kind: 'failed',
          message: gone ? 'It does not exist (it may have been deleted).' : errorText(error),
        });
      });
    return () => {
      live = false;
    };
  }, [api, id, adopt, attempt]);

  const followed = useFollowedRecord({
    entity,
    id,
    held: () => rowRef.current,
    dirty: () => formRef.current.isDirty(),
    busy: () => busyRef.current,
    lines,
    show: (fresh) => adopt(fresh),
    onDeleted: () =>
      setLoad({ kind: 'failed', message: 'It was deleted meanwhile by someone else.' }),
  });
  caughtUpRef.current = followed.caughtUp;
  const incoming: IncomingVersion | null = followed.incoming;

  const failed = (error: unknown, quiet: boolean) => {
    const notice = staleNoticeOf(error);
    if (notice) {
      setStale(notice);
      // Say what the other save changed, as this form shows it, once the newer version is read.
      const current = rowRef.current;
      if (current) {
        api.get(current.id).then(
          (fresh) =>
            setStale((shown) =>
              shown === notice
                ? { ...notice, changes: changesBetween(entity, current, fresh, lines) }
                : shown,
            ),
          () => undefined,
        );
      }
      return;
    }
    const errors = serverFormErrors(error);
    if (isApiError(error) && error.code === 'validation_error') form.setErrors(errors);
    showFailure(error, quiet);
  };

  const save = async (values: FormValues) => {
    const current = rowRef.current;
    const payload = {
      ...documentPayloadOf(fields, lines, values),
      ...extra?.payload(values, current === null),
    };
    setSaving(true);
    busyRef.current = true;
    try {
      const saved = current
        ? await api.update(current.id, current.version, payload)
        : await api.create(payload);
      adopt(saved);
      setConflicts([]);
      notify.result(recordNotice(entity.label, saved, current ? 'saved' : 'created'));
      onSaved?.(saved);
    } catch (error) {
      if (error instanceof ChangeRequested) {
        // Nothing was saved: the record stays as it was until an approver applies the change.
        form.setValues(form.getInitialValues());
        form.resetDirty();
        const number = error.request.change_set_number;
        notify.success(
          `Sent for approval${typeof number === 'string' ? ` as ${number}` : ''}: a product approver reviews it before it applies.`,
          'Change requested',
        );
        onChangeRequested?.(error.request);
        return;
      }
      // update is quiet: its failures are this form's to show; create's the shell shows.
      failed(error, current !== null);
    } finally {
      busyRef.current = false;
      setSaving(false);
    }
  };

  const submit = () => {
    if (saving) return;
    // A saved record with nothing changed is not written again: a second save (Enter in the
    // last input created it, then Ctrl+S) would only raise its version under the workflow
    // bar, whose next event, sent with the version read, would then be refused as stale.
    // Its container goes on as after a save (a drawer closes).
    const current = rowRef.current;
    if (current !== null && !form.isDirty()) {
      notify.info('Nothing changed since the last save.', 'Already saved');
      onSaved?.(current);
      return;
    }
    form.onSubmit((values) => void save(values))();
  };

  /** Edits `fresh` from now on, with what this person typed on top of it. */
  const takeVersion = (fresh: EntityRow) => {
    const taken = typedOnTop({
      fields,
      lines,
      // What was typed into the extra inputs is never theirs to replace.
      keep: Object.keys(extra?.values ?? {}),
      before: form.getInitialValues(),
      mine: form.getValues(),
      theirs: valuesOf(fresh),
    });
    adopt(fresh, taken.values);
    setConflicts(taken.conflicts.map((f) => ({ field: f, theirs: theirValue(f, fresh) })));
  };

  const reloadStale = async () => {
    const current = rowRef.current;
    if (!current) return;
    try {
      takeVersion(await api.get(current.id));
      setStale(null);
    } catch (error) {
      setStale(null);
      showFailure(error, false);
    }
  };

  const reread = () => {
    const current = rowRef.current;
    if (!current) return;
    api.get(current.id).then(
      (fresh) => {
        // Edits typed meanwhile are kept; their save then meets the version and says so.
        if (rowRef.current?.id === fresh.id && !form.isDirty()) adopt(fresh);
      },
      (error: unknown) => showFailure(error, false),
    );
  };

  const remove = async () => {
    const current = rowRef.current;
    if (!current) return;
    busyRef.current = true;
    try {
      await api.remove(current.id, current.version);
      form.resetDirty();
      notify.result(recordNotice(entity.label, current, 'deleted'));
      onDeleted?.(current.id);
      // Stays busy: the broadcast of this deletion is not news to the one who deleted it.
    } catch (error) {
      busyRef.current = false;
      // remove is not quiet: the shell shows related records and missing privileges
      // (docs/product.md §8).
      failed(error, false);
    }
  };

  return {
    form,
    fields,
    row,
    load,
    saving,
    stale,
    conflicts,
    incoming,
    takeIncoming: () => {
      if (incoming) takeVersion(incoming.row);
    },
    keepEditing: followed.dismiss,
    isDirty,
    submit,
    retryLoad: () => setAttempt((n) => n + 1),
    reloadStale,
    reread,
    dismissStale: () => setStale(null),
    confirmDelete: () =>
      notify.confirm('Delete', `Delete this ${entity.label.toLowerCase()}?`, () => void remove()),
  };
}
