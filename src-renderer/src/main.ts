import { createApp } from 'vue'
import { createPinia } from 'pinia'
import { createApiClient, type ApiError } from '#shared/api-client'
import { PROBLEM_TYPES } from '#shared/problem'
import App from './App.vue'
import TheFirstRunScreen from './components/first-run/TheFirstRunScreen.vue'
import { useApiClient } from './api'
import { opensOnFirstRun, readConnection } from './connection'
import { useStaffStore } from './stores/staff'
import './styles/main.css'
import './styles/layout.css'

const { baseUrl, token } = readConnection()
// A write refused because the member's session ended (the server restarted, or the member was removed) asks again.
const onRefused = (error: ApiError) => {
  if (error.type === PROBLEM_TYPES.staffSessionNeeded) useStaffStore().forget()
}
useApiClient(createApiClient({ baseUrl, token, onRefused, verifyServer: true }))
// A computer never set up opens on the first-run screen; once set up, the page reloads into the staff UI.
createApp(opensOnFirstRun() ? TheFirstRunScreen : App)
  .use(createPinia())
  .mount('#app')
