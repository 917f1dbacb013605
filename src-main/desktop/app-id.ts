/**
 * The app's identity on Windows (AppUserModelID: taskbar grouping, pinning,
 * notifications). It must equal electron-builder.yml's appId, which the
 * installer gives the app's shortcuts; test/process/packaging.test.ts checks.
 */
export const APP_USER_MODEL_ID = 'shop.plant-store.desktop'
