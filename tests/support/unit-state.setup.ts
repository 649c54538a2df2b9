import { beforeEach } from 'vitest';
import { setDisplayTimeZone } from '../../src/domain/formats/display-zone.ts';

// The unit project shares one module graph per worker (vitest.config.ts: isolate off), so state
// a module keeps outlives the test that set it. Each test starts where a fresh page starts:
// moments in the computer's zone until a signed-in user's zone is set.
beforeEach(() => setDisplayTimeZone(null));
