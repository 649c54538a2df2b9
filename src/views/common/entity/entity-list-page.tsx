import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { entityApi, type EntityApi } from '../../../api/entity.api.ts';
import { canWriteEntity } from '../../../domain/entity/can-write-entity.ts';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import { formatInteger } from '../../../domain/formats/number.format.ts';
import { ColumnChooser } from '../grid/column-chooser.tsx';
import {
  exportFieldOf,
  gridFields,
  readLayout,
  visibleColumns,
  writeLayout,
  type ColumnLayout,
} from '../grid/column-layout.ts';
import { DensityToggle } from '../grid/density-toggle.tsx';
import { EntityGrid } from '../grid/entity-grid.tsx';
import { ExportMenu } from '../grid/export-menu.tsx';
import { FilterChips } from '../grid/filter-chips.tsx';
import { useRealtimeConnection } from '../../shell/realtime/realtime.context.tsx';
import { useUser } from '../../session/use-session.ts';
import { usePhone } from '../use-phone.ts';
import { EntityCards, type PhoneCards } from './entity-cards.tsx';
import { useEntityList } from './use-entity-list.ts';
import { listStateOf, useListUrl } from './use-list-url.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The list screen every declared entity gets: title, toolbar (New when the entity is writable
// by the session's roles and the screen can open a form, Refresh, columns, density, export),
// the live grid and its pager. A bespoke screen passes its own `api` or wraps this one. A list
// a person reads on a phone names its cards (`phoneCards`): there they replace the grid.

const PAGE_SIZES = ['25', '50', '100', '200'];

export interface EntityListPageProps {
  entity: EntityDeclaration;
  /** Opens a row (double-click or Enter) or, with null, a new one (New). */
  onOpen?: (row: EntityRow | null) => void;
  /** The data provider; the entity's own routes by default. */
  api?: EntityApi;
  /** Grid height (CSS); the room under the toolbar by default. */
  gridHeight?: string | number;
  /** Render every row and column (tests without layout). */
  renderAll?: boolean;
  /** The screen's own actions, first in the toolbar (record a label check). */
  actions?: ReactNode;
  /**
   * A record this screen just created: shown at the top of the list, and
   * its broadcast is not counted as a change made elsewhere.
   */
  created?: EntityRow | null;
  /**
   * Checkbox rows, and the toolbar's buttons for the rows selected (release several orders);
   * `done` clears the selection once they have acted.
   */
  selectionActions?: (rows: readonly EntityRow[], done: () => void) => ReactNode;
  /**
   * Why this list takes no new row just now (its parent is finished), which the server would
   * refuse: New is not offered and says why in its place.
   */
  closedForNew?: string | null;
  /** On a phone, one card per row in place of the grid (entity-cards.tsx). */
  phoneCards?: PhoneCards;
}

export function EntityListPage({
  entity,
  onOpen,
  api: givenApi,
  gridHeight,
  renderAll,
  actions,
  created,
  selectionActions,
  closedForNew,
  phoneCards,
}: EntityListPageProps) {
  const cards = usePhone() && phoneCards !== undefined;
  const api = useMemo(() => givenApi ?? entityApi(entity), [givenApi, entity]);
  const fields = useMemo(() => gridFields(entity), [entity]);
  const { id: userId, roles } = useUser();
  // New is offered to the roles that may create (docs/product.md §6): a reader's open(null) does
  // nothing.
  const creates = entity.writable !== false && canWriteEntity(roles, entity) && !closedForNew;
  const open = useMemo(
    () =>
      onOpen &&
      ((row: EntityRow | null) => {
        if (row !== null || creates) onOpen(row);
      }),
    [onOpen, creates],
  );
  const connection = useRealtimeConnection();
  const [layout, setLayout] = useState<ColumnLayout>(() =>
    readLayout(localStorage, userId, entity),
  );
  const changeLayout = useCallback(
    (next: ColumnLayout) => {
      setLayout(next);
      writeLayout(localStorage, userId, entity, next);
    },
    [userId, entity],
  );
  // The list starts where its URL says (a shared or bookmarked view), then keeps it current.
  const { search } = useLocation();
  const [initial] = useState(() => listStateOf(search, entity));
  const list = useEntityList(entity, fields, api, connection, initial);
  useListUrl({ entity, list, api, onOpen: open });
  const { showCreated } = list;
  useEffect(() => {
    if (created) showCreated(created);
  }, [created, showCreated]);
  const [selected, setSelected] = useState<readonly EntityRow[]>([]);
  const clearSelection = useRef<(() => void) | null>(null);
  const selection = useMemo(
    () => (selectionActions ? { onChange: setSelected, clearRef: clearSelection } : undefined),
    [selectionActions],
  );
  const exportColumns = useMemo(() => {
    const byName = new Map(fields.map((f) => [f.name, f]));
    return visibleColumns(layout).map((name) => {
      const field = byName.get(name);
      return field ? exportFieldOf(field) : name;
    });
  }, [fields, layout]);

  const first = list.total === 0 ? 0 : (list.page - 1) * list.perPage + 1;
  const last = Math.min(list.page * list.perPage, list.total ?? 0);
  const pages = Math.max(1, Math.ceil((list.total ?? 0) / list.perPage));

  return (
    <Stack gap="sm" p="md" data-testid="entity-list-page">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} fz={22}>
          {entity.pluralLabel}
        </Title>
        <Group gap="xs" wrap="wrap">
          {actions}
          {selectionActions &&
            selected.length > 0 &&
            selectionActions(selected, () => clearSelection.current?.())}
          {creates && open && (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => open(null)}>
              New {entity.label.toLowerCase()}
            </Button>
          )}
          {closedForNew && (
            <Text size="xs" c="dimmed" data-testid="closed-for-new">
              {closedForNew}
            </Text>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} />}
            onClick={list.refresh}
            loading={list.loading}
          >
            Refresh
          </Button>
          {list.outside > 0 && (
            <Badge
              component="button"
              type="button"
              variant="light"
              color="yellow"
              tt="none"
              style={{ cursor: 'pointer' }}
              onClick={list.refresh}
              title="Rows were added or changed elsewhere; refresh to see where they fall"
            >
              {list.outside} changed elsewhere · refresh
            </Badge>
          )}
          <ColumnChooser fields={fields} layout={layout} onLayout={changeLayout} />
          <DensityToggle
            density={layout.density}
            onChange={(density) => changeLayout({ ...layout, density })}
          />
          <ExportMenu
            api={api}
            label={entity.pluralLabel}
            query={{ filter: list.query.filter, sort: list.query.sort }}
            columns={exportColumns}
          />
        </Group>
      </Group>

      {list.failed && (
        <Alert color="red" variant="light" title="The list could not be read">
          Check the connection, then Refresh.
        </Alert>
      )}

      <FilterChips
        fields={fields}
        filters={list.gridQuery.filters}
        onRemove={(field) => list.gridQuery.onFilter(field, null)}
        onClear={list.clearFilters}
      />

      {cards ? (
        <EntityCards
          fields={fields}
          cards={phoneCards}
          events$={list.events$}
          onOpen={open}
          label={entity.pluralLabel}
        />
      ) : (
        <EntityGrid
          query={list.gridQuery}
          layout={layout}
          onLayout={changeLayout}
          events$={list.events$}
          onOpen={open}
          height={gridHeight}
          renderAll={renderAll}
          selection={selection}
        />
      )}

      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="row-count" aria-live="polite">
          {list.total === null
            ? 'Loading…'
            : list.total === 0
              ? 'No rows'
              : `Rows ${formatInteger(first)}–${formatInteger(last)} of ${formatInteger(list.total)}${list.totalCapped ? '+' : ''}`}
        </Text>
        <Group gap="sm">
          <Pagination
            size="sm"
            total={pages}
            value={list.page}
            onChange={list.setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          />
          <NativeSelect
            size="xs"
            aria-label="Rows per page"
            value={String(list.perPage)}
            data={PAGE_SIZES}
            onChange={(e) => list.setPerPage(Number(e.currentTarget.value))}
          />
        </Group>
      </Group>
    </Stack>
  );
}
