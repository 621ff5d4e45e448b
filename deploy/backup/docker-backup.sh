#!/bin/sh
# One backup with Docker (decisions 300-301): pgBackRest in the postgres container, the record in
# the api container (which has the CLI and the env file). The host's cron runs it
# (deploy/backup/crontab.docker):
#   deploy/backup/docker-backup.sh full|diff [REPO]
set -u
cd "$(dirname "$0")/../.."
type="${1:?full or diff}"
repo="${2:-1}"
dc="docker compose --env-file deploy/production.env"
if $dc exec -T -u postgres postgres pgbackrest --stanza=training --repo="$repo" backup --type="$type"; then
  $dc exec -T -u postgres postgres pgbackrest --stanza=training --repo="$repo" info --output=json |
    $dc exec -T api node apps/api/dist/backup-record.mjs --stanza training
else
  code=$?
  $dc exec -T api node apps/api/dist/backup-record.mjs --failed --kind "$type" --detail "pgbackrest backup --type=$type --repo=$repo exited $code"
  exit "$code"
fi
