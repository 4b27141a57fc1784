import { createSesStudioApp } from '../lib/app'

createSesStudioApp()
