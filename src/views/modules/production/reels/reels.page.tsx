import { STAMP_REELS } from '../../../../domain/entities/production/stamp-reels.entity.ts';
import { entityScreen } from '../../../common/entity/entity-screen.tsx';
import { StampCoverSection } from './stamp-cover-section.tsx';

// production.reels: stamp_inventory's screen, the stamp cover above the reels list.

const ReelsList = entityScreen(STAMP_REELS, { formPath: '/production/reel' });

export function ReelsPage() {
  return (
    <>
      <StampCoverSection />
      <ReelsList />
    </>
  );
}
