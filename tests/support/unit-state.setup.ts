import { notifications } from '@mantine/notifications';
import { beforeEach } from 'vitest';
import { setDisplayTimeZone } from '../../src/domain/formats/display-zone.ts';

// The unit project shares one module graph per worker (vitest.config.ts: isolate off), so state
// a module keeps outlives the test that set it. Each test starts where a fresh page starts:
// moments in the computer's zone until a signed-in user's zone is set, and no notification
// shown: Mantine keeps them in a store of its module, so those a test left would count against
// the app's limit in the next test, whose own would then wait in the queue, never shown.
beforeEach(() => {
  setDisplayTimeZone(null);
  notifications.clean();
});
