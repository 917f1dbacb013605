/**
 * The Reports view's data: the sales report for the chosen period (by day,
 * week or month, and by category), the stock by status now and the stock
 * report (pots on hand, low stock, written off this month), loaded together; a newer load cancels an older one. Also the CSV download.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { StatusCounts } from '#shared/api-client'
import { failureText } from '#renderer/format'
import { api } from '#renderer/api'
import type { SalesReport } from '#shared/history'
import type { StockReport } from '#shared/stock'
import { reportCsv, reportFileName } from '#renderer/report-csv'
import { chartSeries, groupingFor, presetPeriod, rankedCategories, type Period, type PeriodPreset } from '#renderer/report-data'
import { useShopStore } from '#renderer/stores/shop'

/** How long after a change announcement the report is reloaded: a till's burst of sales is one reload. */
export const REPORT_REFRESH_DELAY_MS = 300

export const useReportsStore = defineStore('reports', () => {
  const preset = ref<PeriodPreset>('last30')
  const period = ref<Period>(presetPeriod('last30', useShopStore().today()))
  const byTime = ref<SalesReport | null>(null)
  const byCategory = ref<SalesReport | null>(null)
  const stock = ref<StatusCounts | null>(null)
  const stockReport = ref<StockReport | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)

  const series = computed(() => (byTime.value ? chartSeries(byTime.value) : null))
  const categories = computed(() => (byCategory.value ? rankedCategories(byCategory.value) : []))

  let refreshTimer: ReturnType<typeof setTimeout> | undefined
  /** The load whose answer counts: a newer one aborts it. */
  let current: AbortController | undefined

  async function load(): Promise<void> {
    current?.abort()
    const mine = (current = new AbortController())
    const { from, to } = period.value
    loading.value = true
    try {
      const [time, category, list, pots] = await Promise.all([
        api().salesReport({ from, to, groupBy: groupingFor(period.value), signal: mine.signal }),
        api().salesReport({ from, to, groupBy: 'category', signal: mine.signal }),
        api().listPlants({ limit: 1 }, { signal: mine.signal }),
        api().stockReport(undefined, { signal: mine.signal })
      ])
      if (mine !== current) return
      byTime.value = time
      byCategory.value = category
      stock.value = list.counts
      stockReport.value = pots
      error.value = null
    } catch (failure) {
      if (mine === current) error.value = failureText(failure)
    } finally {
      if (mine === current) loading.value = false
    }
  }

  function setPeriod(nextPreset: PeriodPreset, next: Period): Promise<void> {
    preset.value = nextPreset
    period.value = next
    return load()
  }

  /** Reloads a moment after a change was announced (sales made at the till show up while the view is open). */
  function scheduleRefresh(): void {
    clearTimeout(refreshTimer)
    refreshTimer = setTimeout(() => void load(), REPORT_REFRESH_DELAY_MS)
  }

  /** The figures on screen as a CSV file, or undefined before they are loaded. */
  function csvFile(): File | undefined {
    if (!byTime.value || !byCategory.value || !stock.value) return undefined
    const text = reportCsv({ period: byTime.value, categories: byCategory.value, stock: stock.value })
    return new File([text], reportFileName(byTime.value), { type: 'text/csv;charset=utf-8' })
  }

  /** Reloads the report soon after a change or an import is announced, while the view shows; returns the stop. */
  function follow(): () => void {
    return api().subscribe({ onEvent: scheduleRefresh, onImportApplied: scheduleRefresh })
  }

  return {
    preset,
    period,
    byTime,
    byCategory,
    stock,
    stockReport,
    loading,
    error,
    series,
    categories,
    load,
    setPeriod,
    scheduleRefresh,
    csvFile,
    follow
  }
})
