import type { EntityDeclaration } from '../domain/entity/entity-declaration.ts';
import type { TableQueryInput } from '../domain/table-filter/table-query.types.ts';
import type { QueryParams } from './query-string.ts';
import { CHANGE_REQUESTED, ChangeRequested } from './change-requested.ts';
import { request as defaultRequest, type ApiResponse, type Request } from './request.ts';
import type { EntityRow } from '../domain/entities/entity-row.ts';

// The data provider every entity screen talks to (refine's getList/getOne/create/update/
// deleteOne, plus the live-store delta poll, pickers and export). One set of calls for every
// declared entity: the server serves the same routes under each declaration's `api`.

export type ListPage = {
  rows: EntityRow[];
  /** Rows the filter matches; a lower bound when `total_capped` is 1 (the server stops counting). */
  total: number;
  total_capped?: 0 | 1;
  page: number;
  per_page: number;
  /** The change sequence the page was read at; the live store polls `changes` from here. */
  seq: number;
};

/** What changed since a sequence number: rows in seq order, ids deleted, and where to resume. */
// `more` is 1 when the server stopped at its page limit and another call is due (booleans arrive as 1/0).
export type ChangeSet = { rows: EntityRow[]; deleted: number[]; seq: number; more: 0 | 1 };

/** A picker's row: its label, and what the picker shows beside it when the server says. */
export type Option = { value: number; label: string; detail?: string | null };

/** Who saved first, for the stale-version dialog (409 `stale_version`). */
export type StaleVersion = {
  version: 'other';
  current?: { version: number; updated_by_name: string | null; updated_at: string };
};

export type ExportFormat = 'csv' | 'xlsx';

export type EntityApi = {
  list(query: TableQueryInput, signal?: AbortSignal): Promise<ListPage>;
  changes(since: number, signal?: AbortSignal): Promise<ChangeSet>;
  /** Picker rows; `parameterType` narrows `parameters` to one family (a field's declaration). */
  options(search: string, ids?: readonly number[], parameterType?: string): Promise<Option[]>;
  get(id: number): Promise<EntityRow>;
  create(values: Record<string, unknown>): Promise<EntityRow>;
  update(id: number, version: number, values: Record<string, unknown>): Promise<EntityRow>;
  remove(id: number, version: number): Promise<void>;
  /** The URL (without /api base) and query of an export, for a streamed download. */
  exportQuery(
    format: ExportFormat,
    query: TableQueryInput,
    columns: readonly string[],
  ): {
    url: string;
    params: QueryParams;
  };
};

function relative(api: string): string {
  return api.replace(/^\/api\//, '');
}

function listParams(query: TableQueryInput): QueryParams {
  return {
    ...(query.filter && query.filter.length > 0 ? { filter: query.filter } : {}),
    ...(query.sort ? { sort: query.sort } : {}),
    ...(query.page ? { page: query.page } : {}),
    ...(query.per_page ? { per_page: query.per_page } : {}),
  };
}

/** The saved row, or ChangeRequested when the server opened a change request instead. */
function saved(response: ApiResponse<EntityRow>): EntityRow {
  const row = response.data as EntityRow;
  if (response.message === CHANGE_REQUESTED) throw new ChangeRequested(row);
  return row;
}

export function entityApi(
  entity: Pick<EntityDeclaration, 'api'>,
  request: Request = defaultRequest,
): EntityApi {
  const base = relative(entity.api);
  return {
    list: async (query, signal) =>
      (await request<ListPage>({ url: base, params: listParams(query), signal })).data,
    changes: async (since, signal) =>
      (await request<ChangeSet>({ url: `${base}/changes`, params: { since }, signal, quiet: true }))
        .data,
    options: async (search, ids, parameterType) =>
      (
        await request<Option[]>({
          url: `${base}/options`,
          params: {
            ...(search ? { search } : {}),
            ...(ids && ids.length > 0 ? { ids: [...ids] } : {}),
            ...(parameterType ? { parameter_type: parameterType } : {}),
          },
        })
      ).data,
    get: async (id) => (await request<EntityRow>({ url: `${base}/${id}` })).data,
    create: async (values) =>
      saved(await request<EntityRow>({ url: base, method: 'POST', data: values })),
    // Quiet: every failure of an update is the form's to explain (who saved first and a reload,
    // codes under their fields), not the shell's.
    update: async (id, version, values) =>
      saved(
        await request<EntityRow>({
          url: `${base}/${id}`,
          method: 'PUT',
          data: { ...values, version },
          quiet: true,
        }),
      ),
    remove: async (id, version) => {
      await request<null>({ url: `${base}/${id}`, method: 'DELETE', params: { version } });
    },
    exportQuery: (format, query, columns) => ({
      url: `${base}/export`,
      params: {
        ...listParams({ ...query, page: undefined, per_page: undefined }),
        format,
        columns: [...columns],
      },
    }),
  };
}
