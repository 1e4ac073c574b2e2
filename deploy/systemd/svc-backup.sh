#!/bin/sh
# The daily backup that svc-backup.service runs: `svc backup` of the SQLite store into
# SVC_BACKUP_DIR (default $SVC_DATA_DIR/backups) as svc-YYYYMMDDTHHMMSSZ.sqlite (UTC), then,
# only when that succeeded, removes the backups there older than SVC_BACKUP_KEEP_DAYS
# (default 14; 0 keeps them all). Copy them off the machine too: a disk that fails takes the
# store and these backups with it.
#   SVC_DATA_DIR=/var/lib/svc deploy/systemd/svc-backup.sh
set -eu

here=$(cd "$(dirname "$0")" && pwd)
main="$here/../../dist/src/cli/main.js"
data_dir=${SVC_DATA_DIR:-./data}
backup_dir=${SVC_BACKUP_DIR:-$data_dir/backups}
keep_days=${SVC_BACKUP_KEEP_DAYS:-14}
case $keep_days in
  '' | *[!0-9]*)
    echo "svc-backup.sh: SVC_BACKUP_KEEP_DAYS: expected a whole number of days, got '$keep_days'" >&2
    exit 2
    ;;
esac

file="$backup_dir/svc-$(date -u +%Y%m%dT%H%M%SZ).sqlite"
node "$main" backup "$file"

if [ "$keep_days" -gt 0 ]; then
  find "$backup_dir" -maxdepth 1 -type f -name 'svc-*.sqlite' -mmin +$((keep_days * 1440)) \
    -print -delete
fi
