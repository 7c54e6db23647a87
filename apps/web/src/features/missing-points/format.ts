/** A YYYY-MM-DD day as the member reads it: "3 June 2026". */
export const longDay = (isoDay: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));

/** Pence as pounds: "£12.50". */
export const pounds = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);

/** A file's size as the member reads it: "48 KB", "2.4 MB" (at least 1 KB). */
export const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-GB')} KB`
    : `${(bytes / (1024 * 1024)).toLocaleString('en-GB', { maximumFractionDigits: 1 })} MB`;
