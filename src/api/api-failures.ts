import { Subject } from 'rxjs';

// Every failed call made through the shared `request`, for the one place that shows them to
// people (docs/product.md §8). The caller still gets the rejection and may handle it further; calls
// marked `quiet` (the session's own) are left to their caller alone.
export const apiFailures$ = new Subject<unknown>();
