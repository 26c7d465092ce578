// Test helper: the renders of a test end with it. SWR ignores what their fetches still bring after
// the test (an answer, or the error of a fetch cut off), which would otherwise be retried against a
// document already gone: an unhandled "document is not defined" once the file's environment is torn down.

/** Counts the tests that ended; a render belongs to the test that was running when it was made. */
let testsEnded = 0

/** After each test (setup.ts). */
export function endRenders(): void {
  testsEnded += 1
}

/** SWR's `isPaused` for a render made now: true once its test has ended. */
export function pausedOnceTestEnds(): () => boolean {
  const test = testsEnded
  return () => testsEnded !== test
}
