import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { canAccess } from '../../../../src/domain/access.ts';
import { allEntities } from '../../../../src/domain/entities/entity-registry.ts';
import type {
  EntityDeclaration,
  EntitySearchable,
} from '../../../../src/domain/entity/entity-declaration.ts';
import { canVisit } from '../../../../src/domain/route-visibility.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { SessionUser } from '../../../auth/session-user.ts';
import { addRoute, signedIn } from '../../route.ts';
import { MATCH_RANKS, recordSearchSchema } from '../../../../src/domain/record-search.ts';
import { searchEntity, type SearchHit } from './record-search.ts';

// GET /api/search?q=: the records group of Ctrl+K. Documents by number and master records by code
// or name, across every entity marked searchable that the caller's roles read and whose list page
// their enabled modules show. An entity the caller may not read is never queried, so its rows
// cannot leak through a hit.

/** Hits per entity and in all: enough to pick from, bounded work per keystroke. */
export const SEARCH_LIMITS = { perEntity: 5, total: 30, queryLength: 100 } as const;

type Searchable = EntityDeclaration & { searchable: EntitySearchable };

function isSearchable(entity: EntityDeclaration): entity is Searchable {
  return entity.searchable !== undefined;
}

/** The searchable entities `user` may read and open, in declaration order. */
export function searchableFor(user: Pick<SessionUser, 'roles' | 'modules'>): Searchable[] {
  return allEntities()
    .filter(isSearchable)
    .filter(
      (entity) => canAccess(user.roles, entity.area) && canVisit(entity.searchable.page, user),
    );
}

export function registerSearchRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  addRoute(app, {
    method: 'GET',
    url: '/api/search',
    access: 'authenticated',
    summary:
      'Records whose number, code, name, SKU or lot holds q, across the entities the caller may read; exact matches first',
    query: z.object({ q: z.string().trim().min(1).max(SEARCH_LIMITS.queryLength) }),
    response: recordSearchSchema,
    handler: async ({ query, user }) => {
      const me = signedIn(user);
      const entities = searchableFor(me);
      const perEntity = await Promise.all(
        entities.map((entity) => {
          const binding = app.entityBindings.get(entity.name);
          return binding
            ? searchEntity(db, { ...binding, entity }, query.q, SEARCH_LIMITS.perEntity)
            : Promise.resolve<SearchHit[]>([]);
        }),
      );
      // Stable sort: within one rank the entities keep their declaration order.
      const hits = perEntity
        .flat()
        .sort((a, b) => MATCH_RANKS.indexOf(a.match) - MATCH_RANKS.indexOf(b.match))
        .slice(0, SEARCH_LIMITS.total);
      return { q: query.q, hits };
    },
  });
}
