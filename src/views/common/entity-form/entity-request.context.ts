import { createContext, useContext, useMemo } from 'react';
import { entityApi, type EntityApi } from '../../../api/entity.api.ts';
import { request, type Request } from '../../../api/request.ts';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';

// The transport entity forms and pickers call through. The app uses the shared `request`
// (session token, shell error presenter); a test provides one built by createRequest against
// a real server, so only the transport is swapped, never the form's logic.

export const EntityRequestContext = createContext<Request>(request);

/** The data provider of `entity` over the transport in context. */
export function useEntityApi(entity: Pick<EntityDeclaration, 'api'>): EntityApi {
  const transport = useContext(EntityRequestContext);
  return useMemo(() => entityApi(entity, transport), [entity, transport]);
}
