import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChangeStream, encodeEvent, type EventStreamLimits } from '#server/routes/events/change-stream'

const LIMITS: EventStreamLimits = { maxStreams: 64, maxBufferedBytes: 1000, stallMs: 30_000 }

function streamWith(limits: Partial<EventStreamLimits> = {}, socketBuffered = () => 0) {
  const ended = vi.fn()
  const dropped = vi.fn()
  const stream = new ChangeStream({ limits: { ...LIMITS, ...limits }, onEnd: ended, onDrop: dropped, socketBuffered })
  return { stream, ended, dropped, reader: stream.body.getReader() }
}

const chunk = (bytes: number) => new Uint8Array(bytes)

afterEach(() => {
  vi.useRealTimers()
})

describe('ChangeStream', () => {
  it('hands chunks over in order as the connection reads, holding nothing once read', async () => {
    const { stream, reader, dropped } = streamWith()
    const event = encodeEvent({ type: 'plant.added', data: '{"id":1}' })
    stream.send(event)
    stream.send(encodeEvent({ comment: 'heartbeat' }))
    expect(stream.buffered).toBe(event.byteLength + 13)
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('event: plant.added\ndata: {"id":1}\n\n')
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(': heartbeat\n\n')
    expect(stream.buffered).toBe(0)
    const waiting = reader.read()
    stream.send(chunk(10))
    expect((await waiting).value?.byteLength).toBe(10)
    expect(dropped).not.toHaveBeenCalled()
  })

  it('drops the stream once its unread bytes pass the limit, and frees them', async () => {
    const { stream, reader, dropped, ended } = streamWith()
    for (let i = 0; i < 10; i++) stream.send(chunk(100))
    expect(dropped).not.toHaveBeenCalled()
    stream.send(chunk(1))
    expect(dropped).toHaveBeenCalledWith('its client left more than 1000 bytes unread')
    expect(ended).toHaveBeenCalledTimes(1)
    expect(stream.buffered).toBe(0)
    await expect(reader.read()).rejects.toThrow(/change stream closed/)
    stream.send(chunk(1)) // after the end: ignored
    expect(stream.buffered).toBe(0)
  })

  it("counts what Node's write buffer still holds for the socket", () => {
    const { stream, dropped } = streamWith({}, () => 950)
    stream.send(chunk(40))
    expect(dropped).not.toHaveBeenCalled()
    stream.send(chunk(20))
    expect(dropped).toHaveBeenCalledTimes(1)
  })

  it('drops a stream whose client reads nothing for stallMs, not one that keeps reading', async () => {
    vi.useFakeTimers()
    const idle = streamWith()
    idle.stream.send(chunk(10))
    vi.advanceTimersByTime(29_999)
    expect(idle.dropped).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(idle.dropped).toHaveBeenCalledWith('its client read nothing for 30 s')

    const reading = streamWith()
    for (let second = 0; second < 120; second += 10) {
      reading.stream.send(chunk(10))
      vi.advanceTimersByTime(10_000)
      await reading.reader.read()
    }
    expect(reading.dropped).not.toHaveBeenCalled()
  })

  it('closes politely: what is queued is still delivered, then the stream ends', async () => {
    const { stream, reader, ended } = streamWith()
    stream.send(chunk(3))
    stream.send(chunk(4))
    stream.close()
    expect(ended).toHaveBeenCalledTimes(1)
    expect((await reader.read()).value?.byteLength).toBe(3)
    expect((await reader.read()).value?.byteLength).toBe(4)
    expect((await reader.read()).done).toBe(true)
  })

  it('ends when the connection goes away (the body is cancelled)', async () => {
    const { stream, reader, ended } = streamWith()
    stream.send(chunk(3))
    await reader.cancel()
    expect(ended).toHaveBeenCalledTimes(1)
    expect(stream.buffered).toBe(0)
  })
})
