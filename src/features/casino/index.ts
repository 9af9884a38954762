/** What the casino offers other areas: Home's casino and slot rows. */
export { HomeCasinoSection } from './HomeCasinoSection.tsx';
