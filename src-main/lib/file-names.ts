/**
 * File names Windows will not keep as files. CON, PRN, AUX, NUL, COM1–COM9
 * and LPT1–LPT9, with any extension ("NUL.csv"), name devices: what is written
 * there goes to the device (or nowhere), not into a file. <>:"|?* and control
 * characters cannot be in a name, and a trailing dot or space is dropped
 * (Microsoft's "Naming Files, Paths, and Namespaces").
 */

const DEVICE_NAME = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])(\.[^.]*)*$/i
const FORBIDDEN = /[<>:"|?*\\/\u0000-\u001f]/

/** Why Windows would not keep a file called `name` (one path component), in words; undefined when it would. */
export function windowsNameProblem(name: string): string | undefined {
  if (DEVICE_NAME.test(name.trimEnd())) {
    return `${name} is a name Windows keeps for a device (CON, PRN, AUX, NUL, COM1–COM9, LPT1–LPT9, with any extension)`
  }
  if (FORBIDDEN.test(name)) return `${name} has a character Windows does not allow in a file name (< > : " | ? * \\ /)`
  if (/[. ]$/.test(name)) return `${name} ends with a dot or a space, which Windows drops from a file name`
  return undefined
}
