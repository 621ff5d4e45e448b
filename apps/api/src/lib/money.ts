/** The contract carries pounds (≤ 2 decimals); the database and every computation use pence. */
export const toPence = (pounds: number): number => Math.round(pounds * 100);
export const toPounds = (pence: number): number => pence / 100;
