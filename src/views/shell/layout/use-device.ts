import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '../../../domain/constants.ts';

export type Device = 'mobile' | 'desktop';

/** Spec §4: mobile below 992 px, desktop otherwise (and before the first measurement). */
export function useDevice(): Device {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  return mobile ? 'mobile' : 'desktop';
}
