/**
 * The tests the `windows` project runs again under Windows' file-system rules
 * (vitest.config.ts): the store's unit tests, and the process tests of
 * everything that writes a file (catalogue, journal, backups, token,
 * settings, server.json, exports). Left out: tests of POSIX owners and modes,
 * which Windows does not have (data-folder-trust, the StrictModes checks),
 * and of Linux-only facts (/proc, signals other than SIGINT).
 */
export const WINDOWS_SEMANTICS_TESTS = [
  'test/unit/{backups,catalogue-file,data-file,group-commit,history-log-format,idempotency-keys,journal,journal-pile}.test.ts',
  'test/unit/{lock,lock-takeover,migrate,plant-store,plant-versions,restore,sales-report,store-open-close}.test.ts',
  'test/unit/{named-tokens,token,offsite-backup,offsite-backup-prune,transfer-sliced}.test.ts',
  'test/unit/windows-semantics.test.ts',
  'test/process/{serve,data-safety,export-out-file,token-rotation,transfer-cli,leftovers,restore-after-crash}.test.ts',
  'test/process/{offsite-backup,ids-and-journal,cli-stop-and-folder,config-before-first-start}.test.ts'
]
