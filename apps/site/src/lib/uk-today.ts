/** Today in the UK ('YYYY-MM-DD'): the SIA rules of @app/rules count UK calendar days. */
export const ukToday = (now = new Date()): string => now.toLocaleDateString("en-CA", { timeZone: "Europe/London" });
