/**
 * A paired till's outbox: the completed sales waiting to be sent to the shop's main computer, and those it refused
 * when they arrived (kept on the till until someone marks them dealt with).
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { RefusedSale, TillOutboxState } from '#shared/lan'
import { api } from '#renderer/api'

export const useOutboxStore = defineStore('outbox', () => {
  /** As last asked: the sales waiting to be sent, those refused, and whether the main computer shows another certificate. */
  const waiting = ref(0)
  const refused = ref(0)
  const certificateChanged = ref(false)

  /** How many sales wait and how many were refused (nothing to ask again on the main computer). */
  function state(): Promise<TillOutboxState> {
    return api().tillOutbox()
  }

  /** Asks the outbox again and keeps what it says, for every banner that counts the sales waiting. */
  async function refresh(): Promise<TillOutboxState> {
    const outbox = await state()
    waiting.value = outbox.waiting
    refused.value = outbox.refused ?? 0
    certificateChanged.value = outbox.certificateChanged === true
    return outbox
  }

  /** The sales the main computer refused, each with its words. */
  async function refusedSales(): Promise<RefusedSale[]> {
    return (await api().refusedSales()).sales
  }

  /** Marks a refused sale dealt with (entered by hand on the main computer, or the money given back). */
  async function dealtWith(key: string): Promise<TillOutboxState> {
    const outbox = await api().refusedSaleDealtWith(key)
    refused.value = outbox.refused ?? 0
    return outbox
  }

  return { waiting, refused, certificateChanged, state, refresh, refusedSales, dealtWith }
})
