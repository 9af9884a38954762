/** What the kiosk offers other areas: the slip's 'save booking code' (loaded back at a kiosk or counter). */
export { SaveBooking } from './SaveBooking.tsx';
