/**
 * A paired till's outbox: the completed sales waiting to be sent to the shop's main computer, and those it refused
 * when they arrived (kept on the till until someone marks them dealt with).
 */
import { defineStore } from 'pinia'
import type { RefusedSale, TillOutboxState } from '#shared/lan'
import { api } from '#renderer/api'

export const useOutboxStore = defineStore('outbox', () => {
  /** How many sales wait and how many were refused (nothing to ask again on the main computer). */
  function state(): Promise<TillOutboxState> {
    return api().tillOutbox()
  }

  /** The sales the main computer refused, each with its words. */
  async function refusedSales(): Promise<RefusedSale[]> {
    return (await api().refusedSales()).sales
  }

  /** Marks a refused sale dealt with (entered by hand on the main computer, or the money given back). */
  function dealtWith(key: string): Promise<TillOutboxState> {
    return api().refusedSaleDealtWith(key)
  }

  return { state, refusedSales, dealtWith }
})
