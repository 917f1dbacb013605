import { createApp } from 'vue'
import { createPinia } from 'pinia'
import { createApiClient } from '#shared/api-client'
import App from './App.vue'
import { useApiClient } from './api'
import { readConnection } from './connection'
import './styles/main.css'
import './styles/layout.css'

const { baseUrl, token } = readConnection()
useApiClient(createApiClient({ baseUrl, token, verifyServer: true }))
createApp(App).use(createPinia()).mount('#app')
