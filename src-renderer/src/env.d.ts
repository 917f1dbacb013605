/// <reference types="vite/client" />
declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}

/** What the desktop app's preload script hands the UI (absent in a plain browser); its shape is shared with the preload. */
type PlantStoreBridge = Partial<import('#shared/desktop-bridge').DesktopBridge>

interface Window {
  plantStore?: PlantStoreBridge
}
