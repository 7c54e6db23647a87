const poundFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
/** A price in pence as the pound string docs/product/signed-in-pages.md §S3 shows, such as £0.90. */
export const formatPounds = (pence: number) => poundFormat.format(pence / 100);
/** A pound string (£0.90) back to pence. */
export const penceOf = (pounds: string) => Math.round(Number(pounds.replace('£', '').replace(',', '')) * 100);
