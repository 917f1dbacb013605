/**
 * The store's public surface: what every layer above it (auth, settings, transfer, the server, the app, the CLI
 * and the desktop app) may use. Errors come from `errors.ts`; everything else from here. The store's own files
 * never import this module (they import each other directly), so it adds no cycle.
 */
export { ShopStore } from '#store/shop-store'
export type { StockOutcome, StockRequest } from './stock/stock-movements'
export { belowZeroLines, stockReportOf } from './stock/stock-report'
export type { SaleOutcome, SaleRequest } from './sales/sale-book'
export { publicOf, type SaleRecord, type RefundRecord, type DayRecord } from './sales/sale-records'
export type { JournalRecord } from './journal/journal'
export type { ImportOnce, PlantChange } from '#store/catalogue/plant-store-types'
export { importFingerprintOf, type IdempotencyScope } from './catalogue/idempotency-keys'
export type { WriteCondition } from './catalogue/preconditions'
export { DATA_FILE_VERSION } from './file/data-file'
export { DATA_FILE_NAME, readCatalogue } from './file/read-catalogue'
export { serializeSnapshot } from './file/snapshot'
export {
  LOCK_FILE_NAME,
  RUNTIME_FILE_NAME,
  acquireDataDirLock,
  acquireLockFile,
  liveLockHolder,
  takeOverDataDir,
  type DataDirLock
} from './folder/lock'
export { checkStoreFolder } from './folder/data-folder'
export { checkDataFolder, effectiveUid, ownFileProblem, userName } from './folder/data-folder-trust'
export { CLI_ACTOR, type Actor } from './history/history-actor'
export { toChangeRecord, type HistoryEntry } from './history/history-entry'
export type { PlantHistoryQuery } from './history/history-page'
export { dateGroupOf, salesReportOf } from './history/sales-report'
export { BACKUP_NAME, MAX_BACKUP_BYTES, backupName, backupTimeOf, backupsDir, latestBackup, writeBackup } from './backups/backups'
export { backUpNow, backupSnapshot, type BackupMade } from './backups/backup-now'
export { countPlants } from './catalogue/stored-plant'
export { restoreFromBackup, type RestoreOptions, type RestoreResult } from './backups/restore'
export { readLastRestore } from './history/history-restore-mark'
export { deleteBasket, readBasket, writeBasket } from './sales/basket-files'
