"""Strict RFC 5545 / RFC 5546 check of one iCalendar file (stdin), independent of our writer.

Parses with Python's `icalendar` (Debian's python3-icalendar) and checks what it lets through:
line endings and folding, UTC DTSTAMP, no non-standard properties, VTIMEZONE before use, and the
properties iTIP requires for the file's METHOD. Prints one problem a line; exit 1 if any.
"""
import sys

import icalendar

raw = sys.stdin.buffer.read()
problems = []

# RFC 5545 §3.1: CRLF after every content line (the last one too), lines at most 75 octets.
if not raw.endswith(b"\r\n"):
    problems.append("the file does not end with CRLF")
for n, line in enumerate(raw.split(b"\r\n"), 1):
    if b"\n" in line or b"\r" in line:
        problems.append(f"line {n}: a bare LF or CR")
    if len(line) > 75:
        problems.append(f"line {n}: {len(line)} octets (more than 75)")
try:
    raw.decode("utf-8")
except UnicodeDecodeError:
    problems.append("not UTF-8")

try:
    cal = icalendar.Calendar.from_ical(raw)
except Exception as e:  # noqa: BLE001 - any parse failure is the answer
    print(f"does not parse: {e}")
    sys.exit(1)

for comp in cal.walk():
    for err in getattr(comp, "errors", []):
        problems.append(f"{comp.name}: {err}")

# Properties RFC 5545 and RFC 7986 define for the components we write; anything else (TIMEZONE-ID,
# X-WR-TIMEZONE, ...) is rejected here, since strict readers ignore or refuse it.
KNOWN = {
    "VCALENDAR": {"VERSION", "PRODID", "CALSCALE", "METHOD", "NAME", "DESCRIPTION", "URL", "REFRESH-INTERVAL", "SOURCE", "COLOR"},
    "VTIMEZONE": {"TZID", "LAST-MODIFIED", "TZURL"},
    "STANDARD": {"DTSTART", "TZOFFSETFROM", "TZOFFSETTO", "RRULE", "RDATE", "TZNAME", "COMMENT"},
    "DAYLIGHT": {"DTSTART", "TZOFFSETFROM", "TZOFFSETTO", "RRULE", "RDATE", "TZNAME", "COMMENT"},
    "VEVENT": {
        "UID", "DTSTAMP", "DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "SUMMARY", "DESCRIPTION",
        "LOCATION", "URL", "STATUS", "TRANSP", "SEQUENCE", "ORGANIZER", "ATTENDEE", "CLASS", "CREATED",
        "LAST-MODIFIED", "PRIORITY", "CATEGORIES", "GEO", "RECURRENCE-ID", "COMMENT", "CONTACT",
    },
}
for comp in cal.walk():
    allowed = KNOWN.get(comp.name)
    if allowed is None:
        problems.append(f"unexpected component {comp.name}")
        continue
    for name in comp.keys():
        if name not in allowed:
            problems.append(f"{comp.name}: non-standard property {name}")

if str(cal.get("VERSION")) != "2.0":
    problems.append("VERSION is not 2.0")
if not cal.get("PRODID"):
    problems.append("no PRODID")
method = str(cal.get("METHOD", ""))
if method not in ("REQUEST", "CANCEL", "PUBLISH"):
    problems.append(f"METHOD {method!r}")

# Every TZID used is defined by a VTIMEZONE that comes before the first event.
order = [c.name for c in cal.subcomponents]
tzids = {str(c["TZID"]) for c in cal.subcomponents if c.name == "VTIMEZONE"}
if "VEVENT" in order and "VTIMEZONE" in order and order.index("VTIMEZONE") > order.index("VEVENT"):
    problems.append("VTIMEZONE after a VEVENT")

events = [c for c in cal.subcomponents if c.name == "VEVENT"]
if not events:
    problems.append("no VEVENT")
unfolded = raw.replace(b"\r\n ", b"").decode("utf-8", "replace").split("\r\n")
for line in unfolded:
    if line.startswith("DTSTAMP") and not line.endswith("Z"):
        problems.append(f"DTSTAMP not in UTC: {line}")
    if (line.startswith("DTSTART;TZID=") or line.startswith("DTEND;TZID=")) and line.split("=", 1)[1].split(":", 1)[0] not in tzids:
        problems.append(f"TZID without VTIMEZONE: {line}")

# RFC 5546 §3.2: what each method requires of an event.
REQUIRED = {
    "PUBLISH": {"DTSTAMP", "DTSTART", "ORGANIZER", "SUMMARY", "UID"},
    "REQUEST": {"ATTENDEE", "DTSTAMP", "DTSTART", "ORGANIZER", "SUMMARY", "UID"},
    "CANCEL": {"DTSTAMP", "ORGANIZER", "SEQUENCE", "UID"},
}
for ev in events:
    uid = str(ev.get("UID", "?"))
    for name in REQUIRED.get(method, set()):
        if name not in ev:
            problems.append(f"{uid}: {method} without {name}")
    if method == "PUBLISH" and "ATTENDEE" in ev:
        problems.append(f"{uid}: PUBLISH must not name an ATTENDEE")
    if method == "CANCEL" and str(ev.get("STATUS", "")) != "CANCELLED":
        problems.append(f"{uid}: CANCEL without STATUS:CANCELLED")
    if "DTEND" in ev and "DURATION" in ev:
        problems.append(f"{uid}: both DTEND and DURATION")
    if "DTEND" in ev and ev.decoded("DTEND") <= ev.decoded("DTSTART"):
        problems.append(f"{uid}: DTEND not after DTSTART")
    stamp = ev.decoded("DTSTAMP")
    if getattr(stamp, "tzinfo", None) is None or stamp.utcoffset().total_seconds() != 0:
        problems.append(f"{uid}: DTSTAMP is not UTC")
    try:
        int(str(ev.get("SEQUENCE", "0")))
    except ValueError:
        problems.append(f"{uid}: SEQUENCE is not an integer")
uids = [str(ev.get("UID")) for ev in events]
if len(set(uids)) != len(uids):
    problems.append("the same UID twice in one file")

for p in problems:
    print(p)
sys.exit(1 if problems else 0)
