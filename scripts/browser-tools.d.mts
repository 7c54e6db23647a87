/** CHROME_PATH, then the usual places (Debian's headless shell first when asked), then Playwright's own install. */
export declare function findChromium(options?: { headlessShell?: boolean }): Promise<string | undefined>;
/** A port nothing listens on now, chosen by the system. */
export declare function freePort(): Promise<number>;
