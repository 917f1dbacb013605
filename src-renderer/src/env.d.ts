/// <reference types="vite/client" />
declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}

/** What the desktop app's preload script hands the UI (absent in a plain browser). */
interface PlantStoreBridge {
  token?: string
  apiBaseUrl?: string
  version?: string
}

interface Window {
  plantStore?: PlantStoreBridge
}
