import { createActor, type ActorRefFrom } from 'xstate';
import { tabsMachine } from '../../../machines/ui/tabs.machine.ts';

/** The one tabs actor of the page: the session closes them on logout, the shell renders them. */
export function createTabsActor() {
  return createActor(tabsMachine);
}

export type TabsActor = ActorRefFrom<typeof tabsMachine>;
