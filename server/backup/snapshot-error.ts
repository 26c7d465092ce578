/** A snapshot that cannot be taken, checked or restored, with what to do: its message is all a person needs. */
export class SnapshotError extends Error {
  override name = 'SnapshotError'
}
