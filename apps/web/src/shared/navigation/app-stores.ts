/** The app's store pages: the footer, the app hub and the registration success page link to them. */
export const APP_STORE_URL = 'https://apps.apple.com/gb/app/nectar/id1447016588';
export const GOOGLE_PLAY_URL = 'https://play.google.com/store/apps/details?id=com.nectar.collect';
