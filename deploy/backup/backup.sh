#!/bin/sh
# One pgBackRest backup, recorded in backup_runs for the status page and the backup alert
# (decisions 300-301). Run by the systemd timers (deploy/systemd/training-backup-*.timer) as the
# postgres user, or by the compose service `backup` (docker-compose.yml):
#   deploy/backup/backup.sh full|diff|incr [REPO]
# REPO 1 (default): the daily repository (30 days of points in time); 2: the monthly one.
# Needs DATABASE_URL (and PGPASSWORD) for the record: the same env file as the API.
set -u
type="${1:?full, diff or incr}"
repo="${2:-1}"
stanza="${PGBACKREST_STANZA:-training}"
record="${BACKUP_RECORD:-node /opt/training/apps/api/dist/backup-record.mjs}"

if pgbackrest --stanza="$stanza" --repo="$repo" backup --type="$type"; then
  pgbackrest --stanza="$stanza" --repo="$repo" info --output=json | $record --stanza "$stanza"
else
  code=$?
  $record --failed --kind "$type" --detail "pgbackrest backup --type=$type --repo=$repo exited $code (journalctl -u training-backup-*)"
  exit "$code"
fi
