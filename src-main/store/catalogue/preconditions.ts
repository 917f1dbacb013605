/**
 * Conditions a write can put on the plant it changes (optimistic concurrency):
 * the route turns an HTTP If-Match into one, and every write that changes an
 * existing plant (update today; delete and bulk changes when they come) checks
 * it with {@link checkVersion} inside its serialised step, so nothing can
 * change the plant between the check and the write.
 */
import type { Plant } from '#shared/plant'
import { AppError } from '#shared/app-error'

/** What a write requires of the plant it changes. */
export interface WriteCondition {
  /** The versions the plant may be at (any of them); the write is refused when it is at another. */
  ifVersion?: number | readonly number[]
}

/** The plant is not at a version the write allows: someone changed it since the caller read it. */
export class VersionConflictError extends AppError {
  constructor(
    readonly current: Plant,
    readonly expected: readonly number[]
  ) {
    super(`plant ${current.id} is at version ${current.version}, not ${expected.join(' or ') || 'the one expected'}`, {
      problemName: 'versionConflict'
    })
    this.name = 'VersionConflictError'
  }
}

/** Throws VersionConflictError when `condition` does not hold for `current`. */
export function checkVersion(current: Plant, condition: WriteCondition | undefined): void {
  const wanted = condition?.ifVersion
  if (wanted === undefined) return
  const expected = typeof wanted === 'number' ? [wanted] : wanted
  if (!expected.includes(current.version)) throw new VersionConflictError(current, expected)
}

/** An idempotency key came back with a different call than the one it was first sent with. */
export class IdempotencyKeyReusedError extends AppError {
  constructor(
    readonly key: string,
    /** The plant the first call added or moved (none for an import). */
    readonly firstPlantId: number | undefined,
    /** What the key was first used for: an add, a stock movement (of plant `firstPlantId`), or an import. */
    readonly firstUse: 'add' | 'stock' | 'import' = 'add'
  ) {
    super(
      `the idempotency key "${key}" was first used for another ${firstUse === 'stock' ? 'stock movement' : firstUse}${firstPlantId === undefined ? '' : ` (of plant ${firstPlantId})`}`,
      {
        problemName: 'idempotencyKeyReused'
      }
    )
    this.name = 'IdempotencyKeyReusedError'
  }
}
