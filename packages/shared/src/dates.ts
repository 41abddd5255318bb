/**
 * Dates as the shop shows them: in Turkish and in the shop's time zone, so the server's HTML, the browser's
 * render and the server's own messages agree ("12 Mart 2026", "12 Mart 2026 14:05").
 *
 * The formatters are made on first use, not when a module loads: a formatter with a time zone costs about
 * 20 ms to make (ICU loads the zone's data), which at module level ran on every page's start in the browser,
 * dates or not (a phone's main thread four times that, before the page answers a tap).
 */
const SHOP_TIME_ZONE = 'Europe/Istanbul';

const styles = {
  date: { dateStyle: 'long' },
  dateTime: { dateStyle: 'long', timeStyle: 'short' },
  dayTime: { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' },
  shortDateTime: { dateStyle: 'short', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<keyof typeof styles, Intl.DateTimeFormat>();

function format(style: keyof typeof styles, when: Date | string): string {
  let formatter = formatters.get(style);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('tr-TR', { ...styles[style], timeZone: SHOP_TIME_ZONE });
    formatters.set(style, formatter);
  }
  return formatter.format(new Date(when));
}

/** "12 Mart 2026" */
export const formatDate = (when: Date | string) => format('date', when);

/** "12 Mart 2026 14:05" */
export const formatDateTime = (when: Date | string) => format('dateTime', when);

/** "12 Mart 14:05": a moment in the coming hours or days, where the year goes without saying. */
export const formatDayTime = (when: Date | string) => format('dayTime', when);

/** "12.03.2026 14:05" ("1.01.2027 00:30"): for lists and terminals. */
export const formatShortDateTime = (when: Date | string) => format('shortDateTime', when);
