/** A till that gets no answer from the main computer (as a blocking firewall makes it) is told about the firewall. */
import { describe, expect, it } from 'vitest'
import { problem } from '#server/problems/problems'

describe('the first-run screen when the main computer does not answer', () => {
  it('names the firewall when the connection timed out, and not when it was refused', () => {
    const timedOut = problem('connectUnreachable', 'https://192.168.1.20:7421', 'ETIMEDOUT').problem.detail
    expect(timedOut).toMatch(/nothing answers at https:\/\/192\.168\.1\.20:7421 \(ETIMEDOUT\)/)
    expect(timedOut).toMatch(/a firewall on the main computer may be blocking Plant Store: .*allow it \(on Windows, for private networks\)/)
    expect(timedOut).toMatch(/Allow an app through firewall/)
    // Refused: something answered (nothing listens there), so a firewall that drops would not be the reason.
    expect(problem('connectUnreachable', 'https://192.168.1.20:7421', 'ECONNREFUSED').problem.detail).not.toMatch(/firewall/)
  })
})
