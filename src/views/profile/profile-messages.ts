// What the profile page says about a save, in one place so tests read the same words.

export const PROFILE_SAVED = 'Your profile has been saved.';
export const PASSWORD_CHANGED = 'Your password has been changed.';

/** A 409 stale_version: someone saved the profile after this page read it. */
export const PROFILE_CHANGED_ELSEWHERE =
  'Your profile was changed elsewhere (in another tab or by an administrator) after this page ' +
  'loaded it. It has been reloaded and what you typed is kept: check it and save again.';

export const PROFILE_RELOAD_FAILED =
  'Your profile was changed elsewhere, and its latest version could not be loaded. ' +
  'Reload the page to try again.';
