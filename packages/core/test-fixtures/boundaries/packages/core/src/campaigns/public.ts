export { forgetRecipient } from './sending/engine'
