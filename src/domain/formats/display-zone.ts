// The zone moments are shown in: the signed-in user's (their profile's, else the company's),
// set by the signed-in frame. Kept apart from the date formatters so the login page, which
// shows no moment, does not download dayjs to set it.

let displayZone: string | null = null;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The IANA zone moments are shown in from now on (the user's profile setting, else the
 * company's); null or an unknown zone shows them in the computer's own.
 */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  displayZone = zone && isTimeZone(zone) ? zone : null;
}

/** The zone moments are shown in, null for the computer's own. */
export const displayTimeZone = (): string | null => displayZone;
