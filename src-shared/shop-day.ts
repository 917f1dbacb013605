/**
 * The shop's day: which calendar date a moment falls on where the shop is. Sales are counted per day and files
 * are named by date in the shop's time zone (the shop setting `timeZone`, an IANA name), never in UTC: a sale at
 * 00:30 in Berlin is on that day, not on the day before. The one place that decides it, for server, UI and CLI.
 */

/**
 * The current IANA names of zones that ICU (Intl) lists by their older names (Asia/Calcutta, Europe/Kiev), for a
 * shop that writes its zone as the tz database and `timedatectl` do today. Each is offered where Intl formats it.
 */
const CURRENT_IANA_NAMES = [
  'Africa/Asmara',
  'America/Argentina/Buenos_Aires',
  'America/Argentina/Catamarca',
  'America/Argentina/Cordoba',
  'America/Argentina/Jujuy',
  'America/Argentina/Mendoza',
  'America/Atikokan',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'America/Nuuk',
  'Asia/Ho_Chi_Minh',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Asia/Yangon',
  'Atlantic/Faroe',
  'Europe/Kyiv',
  'Pacific/Chuuk',
  'Pacific/Kanton',
  'Pacific/Pohnpei'
]

/** True when Intl can format dates in the zone named `name`. */
function intlFormats(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false // RangeError: not a time zone Intl knows
  }
}

/**
 * The time zone names a shop may set: the names this runtime lists (Intl), UTC, and the current IANA names Intl lists
 * by an older one (both spellings are accepted, and stored as given).
 */
export const TIME_ZONES: readonly string[] = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', ...CURRENT_IANA_NAMES.filter(intlFormats)])]

const KNOWN = new Set(TIME_ZONES)
const KNOWN_BY_LOWER_CASE = new Map(TIME_ZONES.map((zone) => [zone.toLowerCase(), zone]))

/**
 * The spelling of a time zone name in any case or an alias ("europe/berlin", "US/Eastern") as one of
 * {@link TIME_ZONES}, else undefined. A name that is one of them in another case keeps its own name (Asia/Kolkata
 * stays Asia/Kolkata, not ICU's Asia/Calcutta); another alias becomes the name Intl gives it.
 */
export function canonicalTimeZone(name: string): string | undefined {
  const trimmed = name.trim()
  const listed = KNOWN_BY_LOWER_CASE.get(trimmed.toLowerCase())
  if (listed !== undefined || !intlFormats(trimmed)) return listed
  const zone = new Intl.DateTimeFormat('en', { timeZone: trimmed }).resolvedOptions().timeZone
  return KNOWN.has(zone) ? zone : undefined
}

/** True for a name a shop's time zone may be stored as (the shop settings file is read with it). */
export function isShopTimeZone(value: unknown): value is string {
  return typeof value === 'string' && KNOWN.has(value)
}

/** What is wrong with `value` as the shop's time zone, or undefined when it is one of {@link TIME_ZONES}. */
export function timeZoneProblem(value: unknown): string | undefined {
  if (isShopTimeZone(value)) return undefined
  const meant = typeof value === 'string' ? canonicalTimeZone(value) : undefined
  if (meant !== undefined) return `timeZone must be written as the IANA name is: "${meant}" (got "${value as string}")`
  const shown = typeof value === 'string' ? `"${value.slice(0, 40)}"` : String(value)
  return `timeZone must be an IANA time zone name such as Europe/Berlin or America/New_York; got ${shown}`
}

/** The time zone of the computer this runs on (TZ, /etc/localtime), as Intl sees it. */
export function computerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone
}

const MINUTE_MS = 60 * 1000
/** An instant as the change log writes it (`toISOString`): its first 13 characters name its UTC hour. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

const formatters = new Map<string, Intl.DateTimeFormat>()
/** By zone, the shop's day of each UTC hour seen (null: the hour holds the shop's midnight or an offset change). */
const hourDays = new Map<string, Map<string, string | null>>()

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    const options = { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' } as const
    formatter = new Intl.DateTimeFormat('en-US', options)
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** How many minutes `timeZone` is ahead of UTC at `time` (ms). */
function offsetAt(time: number, timeZone: string): number {
  const part: Record<string, number> = {}
  for (const { type, value } of formatterOf(timeZone).formatToParts(time)) part[type] = Number(value)
  const local = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!)
  return Math.round((local - Math.floor(time / MINUTE_MS) * MINUTE_MS) / MINUTE_MS)
}

/** The date at `time` in `timeZone`, read from Intl. */
function dayAt(time: number, timeZone: string): string {
  return new Date(time + offsetAt(time, timeZone) * MINUTE_MS).toISOString().slice(0, 10)
}

/**
 * The shop's day of the UTC hour `hour` (`2026-03-01T23`) when the whole hour has one, else null. Offsets change at
 * most once an hour, so an hour whose first and last minute agree on offset and date has that date throughout.
 * Kept, because Intl is slow enough to matter when a report counts a million changes.
 */
function dayOfHour(hour: string, timeZone: string): string | null {
  let days = hourDays.get(timeZone)
  if (!days) hourDays.set(timeZone, (days = new Map()))
  let day = days.get(hour)
  if (day === undefined) {
    const [start, end] = [Date.parse(`${hour}:00:00.000Z`), Date.parse(`${hour}:59:00.000Z`)]
    const same = offsetAt(start, timeZone) === offsetAt(end, timeZone) && dayAt(start, timeZone) === dayAt(end, timeZone)
    day = same ? dayAt(start, timeZone) : null
    days.set(hour, day)
  }
  return day
}

/** The calendar date (YYYY-MM-DD) of `at` in `timeZone`: the shop's day of a sale, or of a file's name. */
export function shopDay(at: Date | string, timeZone: string): string {
  const instant = typeof at === 'string' && ISO_INSTANT.test(at) ? at : new Date(at).toISOString()
  return dayOfHour(instant.slice(0, 13), timeZone) ?? dayAt(Date.parse(instant), timeZone)
}

/** `at` as the shop's clock shows it, "2026-11-25 00:30" in `timeZone`: the time printed on receipts and day reports. */
export function shopTime(at: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23'
  }).formatToParts(new Date(at))
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((found) => found.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`
}
