import type { Area } from '../../src/domain/access.ts';
import { canUseArea } from '../../src/domain/area-modules.ts';
import type { SessionUser } from '../auth/session-user.ts';

// Who may upload and read attachments (decision, documented in the README): the roles of the
// areas whose documents hold files (lab receiving CoAs, purchase invoices) upload and read
// them all, since every document of those areas is readable by the whole area; anyone else
// reads only what they uploaded themselves. Following each reference back to its document
// would be finer; these two areas already share suppliers and purchase orders.

// Training's change roles upload document revisions' files (domain.md §8).
export const ATTACHMENT_AREAS: readonly Area[] = ['lab_receiving', 'purchase', 'training_change'];

// Project Management's roles upload time records' files (domain.md §9) but read, besides their
// own uploads, only the files attached to a time record (readsProjectFile), never the
// invoices and CoAs of the areas above.
const UPLOAD_ONLY_AREAS: readonly Area[] = ['projects'];

export function mayUpload(user: SessionUser): boolean {
  return [...ATTACHMENT_AREAS, ...UPLOAD_ONLY_AREAS].some((area) => canUseArea(user, area));
}

export function mayRead(user: SessionUser, uploadedBy: number | null): boolean {
  return uploadedBy === user.id || ATTACHMENT_AREAS.some((area) => canUseArea(user, area));
}
