/** The app's store pages (the same addresses the footer links to, signed-in spec 9). */
export const APP_STORE_URL = 'https://apps.apple.com/gb/app/nectar/id1447016588';
export const GOOGLE_PLAY_URL = 'https://play.google.com/store/apps/details?id=com.nectar.collect';
