/** The only form Plant Store writes times in (Date#toISOString), and only real instants. */
export function isTimestamp(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return false
  const time = new Date(value)
  return !Number.isNaN(time.getTime()) && time.toISOString() === value // 2024-02-30 does not come back the same
}
