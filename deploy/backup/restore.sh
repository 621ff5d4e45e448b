#!/bin/sh
# Restore the training database on the Debian server (decisions 300-302), as root:
#   deploy/backup/restore.sh                                 # to the newest point the bucket holds
#   deploy/backup/restore.sh "2026-11-26 14:05:00+00"        # to a point in time (UTC offset!)
#   deploy/backup/restore.sh "2026-11-26 14:05:00+00" 2      # ... from the monthly repository
# Stops the API, site and admin, keeps the current data directory aside (…main.before-restore-*),
# restores into a fresh one, starts Postgres (which replays the archived WAL up to the point and
# promotes), HOLDS mail and jobs, marks as sent the mails the sent-mail log says went out, and
# starts the API again. Then a person checks the bookings and releases mail and jobs on the status
# page (or: node apps/api/dist/outgoing.mjs release). The script prints how long it took (RTO).
set -eu
target="${1:-}"
repo="${2:-1}"
data=/var/lib/postgresql/15/main
started=$(date +%s)
cli() {
  # The API's CLI with the API's own env file and user.
  name="$1"
  shift
  systemd-run --quiet --wait --pipe --collect -p User=training -p WorkingDirectory=/opt/training \
    -p EnvironmentFile=/etc/training/production.env /usr/local/bin/node "apps/api/dist/$name.mjs" "$@"
}

systemctl stop training-site training-admin training-api
systemctl stop postgresql
aside="$data.before-restore-$(date -u +%Y%m%dT%H%M%SZ)"
mv "$data" "$aside"
install -d -o postgres -g postgres -m 0700 "$data"
echo "== the old data directory is kept at $aside (delete it once the restore is checked)"

if [ -n "$target" ]; then
  runuser -u postgres -- pgbackrest --stanza=training --repo="$repo" restore \
    --type=time --target="$target" --target-action=promote
else
  runuser -u postgres -- pgbackrest --stanza=training --repo="$repo" restore
fi
systemctl start postgresql
until [ "$(runuser -u postgres -- psql -Atqc 'select pg_is_in_recovery()' 2>/dev/null)" = "f" ]; do sleep 1; done

if [ -n "$target" ]; then
  cli outgoing hold --restored-to "$(date -u -d "$target" +%Y-%m-%dT%H:%M:%SZ)"
else
  cli outgoing hold --reason "Restored from the newest backup"
fi
[ -f /var/lib/training/mail-sent.log ] && cli outgoing settle --sent-log /var/lib/training/mail-sent.log
systemctl start training-api training-site training-admin
echo "== restored in $(( $(date +%s) - started )) s; mail and jobs are HELD until released on the status page"
echo "== after checking: take a new full backup (systemctl start 'training-backup@full\\x201.service')"
