/**
 * The contract's error bodies and texts (section 2), written out here rather
 * than imported from src, so a changed text in the app fails the tests.
 */
export const UNAUTHORIZED = { error: 'You are not authorized to perform that action.' };
export const NOT_FOUND = { error: 'The resource you were looking for could not be found.' };
export const INVALID = 'Invalid resource. Please fix errors and try again.';
export const COULD_NOT_TRANSITION = 'The order could not be transitioned. Please fix the errors and try again.';
