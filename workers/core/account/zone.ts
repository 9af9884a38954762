/** The player's time zone for every date the core formats ('' = the device's); set from the UI's `timezone` cookie. */
let zone = '';
export const timeZone = (): string => zone;
export const setTimeZone = (tz: string): void => { zone = tz; };
