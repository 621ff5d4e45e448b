/** 'mm:ss' (or 'h:mm:ss') left until `until`. */
export function timeLeft(until: number, now: number): string {
  const total = Math.max(0, Math.ceil((until - now) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(h ? 2 : 1, "0")}:${String(s).padStart(2, "0")}`;
  return h ? `${h}:${mmss}` : mmss;
}
