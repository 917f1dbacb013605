; Plant Store's additions to electron-builder's NSIS installer and uninstaller (electron-builder.yml: nsis.include).
;
; electron-builder's own check for a running app (_CHECK_APP_RUNNING, in its allowOnlyOneInstallerInstance.nsh) ends
; it with taskkill and, a second later, taskkill /F: the app is killed in the middle of its quit and its stop-time
; backup never runs. Defining customCheckAppRunning replaces that check. The installed app is asked to quit first:
; launched with --quit, it hands the request to the running app through Electron's single-instance lock, and the
; running app quits the normal way (the service stops, the backup into the backup folder runs, no question is asked).
; The launch itself waits, within its own limit, until the running app has ended (src-main/desktop/quit-request.ts).
; Only then does electron-builder's check run, and it finds nothing to close; whatever still runs (a version older than
; --quit, an app on another data folder, one still backing up at the limit) is closed its old way.
;
; Windows is not at hand where this is written: makensis compiles this file against electron-builder's own macros
; (test/tooling/installer-nsh.test.ts), and docs/desktop.md says what has not been seen to run on Windows.

; The launch's own limit is QUIT_WAIT_LIMIT_MS (140 s: the app's 10 s to stop, 120 s for its backup, a margin); nsExec
; ends it after this longer wait, so a launch that hangs never holds the installer. nsExec restarts its timeout on
; output, and the launch writes none.
!define PLANT_STORE_QUIT_WAIT_MS 150000

; electron-builder declares these for its own check only, which is left out once customCheckAppRunning exists; the
; fallback below (its own check, unchanged) needs them.
!include "getProcessInfo.nsh"
Var pid

!macro customCheckAppRunning
  ${If} ${FileExists} "$INSTDIR\${APP_EXECUTABLE_FILENAME}"
    DetailPrint "Asking ${PRODUCT_NAME} to close (it backs up the catalogue first)..."
    nsExec::Exec /TIMEOUT=${PLANT_STORE_QUIT_WAIT_MS} '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" --quit'
    ; 0: no Plant Store runs on its data folder any more; 1, "timeout" or "error": the check below closes what is left.
    Pop $0
    DetailPrint "${PRODUCT_NAME} answered: $0"
  ${EndIf}
  !insertmacro IS_POWERSHELL_AVAILABLE
  !insertmacro _CHECK_APP_RUNNING
!macroend
